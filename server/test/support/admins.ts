import { outboxMails } from "./outbox.ts";
import type { TestApp } from "./test-app.ts";
import { signUpUser, type SignedInUser } from "./users.ts";

/**
 * An admin as the product makes one (docs/decisions/019): the address is in ADMIN_EMAILS and its
 * owner proved the mailbox by following a link sent to it — with AUTH_AUTOCONFIRM, the password
 * reset link. `readMail` finds the link's mail text (default: the local outbox).
 */
export async function signUpAdmin(
  t: TestApp,
  email: string,
  readMail: (to: string) => Promise<string> = (to) => outboxText(t, to),
): Promise<SignedInUser> {
  const user = await signUpUser(t, email);
  await proveMailbox(t, email, readMail);
  return user;
}

/** Asks for a password-reset link and follows it, as the mailbox's owner would. */
export async function proveMailbox(
  t: TestApp,
  email: string,
  readMail: (to: string) => Promise<string> = (to) => outboxText(t, to),
): Promise<void> {
  const res = await fetch(`${t.url}/auth/v1/recover`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`recover failed: ${res.status}`);
  const text = await readMail(email.toLowerCase());
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
  if (!link) throw new Error(`no verify link in the mail to ${email}`);
  const followed = await fetch(link[0], { redirect: "manual" });
  if (followed.status !== 303) throw new Error(`the link answered ${followed.status}`);
}

async function outboxText(t: TestApp, to: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [mail] = await outboxMails(t, to);
    if (mail && /verify\?/.test(mail.text)) return mail.text;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no link mail to ${to} within ${timeoutMs} ms`);
}
