import { createCondition, createMessage, createRecipient, put, setRecipients } from "./content.ts";
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from "./smtp-sink.ts";
import { startTestApp, type TestApp } from "./test-app.ts";
import { signUpUser, type SignedInUser } from "./users.ts";

/**
 * The set-up most server tests share, built through the real API as a person would: the server
 * with users on it, and an owner with a message, its recipients and a condition. Each function
 * returns typed handles (a user's id, e-mail, access token and `api` fetch; the ids it created)
 * and composes with the others and with content.ts. Tests of sign-up itself do it by hand.
 *
 * A file keeps the handles in `let`s that its beforeAll fills, so its tests read them directly:
 *   beforeAll(async () => {
 *     ({ t, owner } = await appWithOwner());
 *   });
 *   afterAll(() => t.close());
 */

type Env = Record<string, string>;

/** The test server with sign-up confirming at once (AUTH_AUTOCONFIRM), so `signUpUser` works on it. */
export const startAutoconfirmApp = (env: Env = {}, opts: Parameters<typeof startTestApp>[1] = {}): Promise<TestApp> =>
  startTestApp({ AUTH_AUTOCONFIRM: "true", ...env }, opts);

/** That server and a signed-in owner. */
export async function appWithOwner(env: Env = {}): Promise<{ t: TestApp; owner: SignedInUser }> {
  const t = await startAutoconfirmApp(env);
  return { t, owner: await signUpUser(t) };
}

/** That server, a signed-in owner and a second user, to show that each sees only their own data. */
export async function appWithOwnerAndOther(
  env: Env = {},
): Promise<{ t: TestApp; owner: SignedInUser; other: SignedInUser }> {
  const { t, owner } = await appWithOwner(env);
  return { t, owner, other: await signUpUser(t) };
}

/** The app delivering to a real SMTP sink; tokens last a day because tests travel in time. */
export function startEngineTestApp(sink: SmtpSink, env: Env = {}): Promise<TestApp> {
  return startAutoconfirmApp({ JWT_EXPIRY: "86400", SMTP_URL: sink.url, ADMIN_EMAILS: "ops@example.com", ...env });
}

/** A real SMTP sink (`sinkOptions`: e.g. addresses it refuses) and the engine's app sending to it; the app's `close` closes the sink too. */
export async function engineAppWithSink(
  env: Env = {},
  sinkOptions: SmtpSinkOptions = {},
): Promise<{ t: TestApp; sink: SmtpSink }> {
  const sink = await startSmtpSink(sinkOptions);
  const app = await startEngineTestApp(sink, env);
  const close = async () => {
    await app.close();
    await sink.close();
  };
  return { t: { ...app, close }, sink };
}

export interface OwnerWithMessage {
  owner: SignedInUser;
  messageId: string;
  conditionId: string;
  recipientEmails: string[];
  recipientIds: string[];
}

let friends = 0;

/** An owner (Alex Morgan) with a complete profile, a message for `recipientCount` people and one condition. */
export async function ownerWithMessage(
  t: TestApp,
  condition: Record<string, unknown>,
  recipientCount = 2,
): Promise<OwnerWithMessage> {
  const owner = await signUpUser(t);
  await put(owner, "/api/profile", { first_name: "Alex", last_name: "Morgan", whatsapp_number: "+447700900123" });
  const message = await createMessage(owner, { title: "The spare key", text_content: "It is under the blue pot." });
  const recipientEmails: string[] = [];
  const recipientIds: string[] = [];
  for (let i = 0; i < recipientCount; i++) {
    const email = `friend${++friends}-${Date.now()}@example.com`;
    recipientIds.push((await createRecipient(owner, { name: `Friend ${friends}`, email })).id);
    recipientEmails.push(email);
  }
  await setRecipients(owner, message.id, recipientIds);
  const c = await createCondition(owner, message.id, condition);
  return { owner, messageId: message.id, conditionId: c.id, recipientEmails, recipientIds };
}
