import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMessage, type ApiErrorBody } from "../support/content.ts";
import { appWithOwner } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import type { SignedInUser } from "../support/users.ts";

let t: TestApp;
let user: SignedInUser;
let attachmentsPath: string;
beforeAll(async () => {
  ({ t, owner: user } = await appWithOwner({ AVATAR_MAX_BYTES: "2048" }));
  attachmentsPath = `/api/messages/${(await createMessage(user)).id}/attachments`;
});
afterAll(() => t.close());

const part = (boundary: string, body: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${body}`;

const send = (path: string, contentType: string, body: string) =>
  user.api(path, { method: "POST", headers: { "content-type": contentType }, body });

describe("broken uploads", () => {
  for (const [what, path] of [
    ["avatar", "/api/profile/avatar"],
    ["attachment", "attachments"],
  ] as const) {
    describe(`to the ${what} route`, () => {
      const url = () => (path === "attachments" ? attachmentsPath : path);
      const expectUnreadable = async (res: Response) => {
        expect(res.status).toBe(400);
        expect(((await res.json()) as ApiErrorBody).error.message).toMatch(
          /^The upload could not be read: send the file as multipart\/form-data in a field named 'file'/,
        );
      };

      it("answers 400 when the boundary is missing", async () =>
        expectUnreadable(await send(url(), "multipart/form-data", part("x", "hello\r\n--x--\r\n"))));
      it("answers 400 when the boundary is wrong", async () =>
        expectUnreadable(await send(url(), "multipart/form-data; boundary=zzz", part("abc", "hello\r\n--abc--\r\n"))));
      it("answers 400 when the body is cut off", async () =>
        expectUnreadable(await send(url(), "multipart/form-data; boundary=abc", part("abc", "hello wor"))));
      it("answers 415 when it is not multipart at all", async () => {
        const res = await send(url(), "application/octet-stream", "hello");
        expect(res.status).toBe(415);
      });
    });
  }

  it("answers 413 with the limit when the file is too large", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(4096)], { type: "image/png" }), "big.png");
    const res = await user.api("/api/profile/avatar", { method: "POST", body: form });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ApiErrorBody).error.message).toBe("The image must be at most 2 KB.");
  });
});
