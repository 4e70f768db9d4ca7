import { json, type SignedInUser } from "./users.ts";

/** The body of an /api error answer. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export const post = (user: SignedInUser, path: string, body: unknown) =>
  user.api(path, { method: "POST", ...json(body) });
export const patch = (user: SignedInUser, path: string, body: unknown) =>
  user.api(path, { method: "PATCH", ...json(body) });
export const put = (user: SignedInUser, path: string, body: unknown) =>
  user.api(path, { method: "PUT", ...json(body) });
export const del = (user: SignedInUser, path: string) => user.api(path, { method: "DELETE" });

/** A POST to a public route (a trusted contact's links), as a visitor with no session: its JSON answer. */
export async function publicPost(baseUrl: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function created<T>(res: Response): Promise<T> {
  const body = (await res.json()) as T;
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Creates a message through the API and returns its JSON. */
export const createMessage = (user: SignedInUser, body: Record<string, unknown> = {}) =>
  post(user, "/api/messages", { title: "For Sam", text_content: "The spare key is under the blue pot.", ...body }).then(
    (r) => created<{ id: string } & Record<string, unknown>>(r),
  );

let sams = 0;
/** Creates a recipient; each gets an address of its own unless the test gives one (one recipient per address). */
export const createRecipient = (user: SignedInUser, body: Record<string, unknown> = {}) =>
  post(user, "/api/recipients", { name: "Sam", email: `sam${++sams}@example.com`, ...body }).then((r) =>
    created<{ id: string } & Record<string, unknown>>(r),
  );

export const createCondition = (
  user: SignedInUser,
  messageId: string,
  body: Record<string, unknown> = { condition_type: "no_check_in", hours_threshold: 24 },
) =>
  post(user, `/api/messages/${messageId}/conditions`, body).then((r) =>
    created<{ id: string } & Record<string, unknown>>(r),
  );

/** Sets who a message goes to (the recipients must be the user's own). */
export async function setRecipients(user: SignedInUser, messageId: string, recipientIds: string[]): Promise<void> {
  const res = await put(user, `/api/messages/${messageId}/recipients`, { recipient_ids: recipientIds });
  if (!res.ok) throw new Error(`recipients: ${res.status} ${await res.text()}`);
}

/** Uploads bytes as the multipart field `file`. */
export function uploadFile(
  user: SignedInUser,
  messageId: string,
  bytes: Buffer,
  name = "file.bin",
  type = "application/octet-stream",
) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  return user.api(`/api/messages/${messageId}/attachments`, { method: "POST", body: form });
}
