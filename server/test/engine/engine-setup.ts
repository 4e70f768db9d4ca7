import { eq } from "drizzle-orm";
import { reminderSchedule } from "../../src/db/schema.ts";
import { createCondition, createMessage, createRecipient, put } from "../support/content.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

export type Sink = SmtpSink;

/** The app delivering to a real SMTP sink; tokens last a day because tests travel in time. */
export async function startEngineTestApp(sink: Sink, env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({ AUTH_AUTOCONFIRM: "true", JWT_EXPIRY: "86400", SMTP_URL: sink.url, ADMIN_EMAILS: "ops@example.com", ...env });
}

let n = 0;

/** An owner with a complete profile, a message for `recipientCount` people and one condition. */
export async function ownerWithMessage(t: TestApp, condition: Record<string, unknown>, recipientCount = 2): Promise<{ owner: SignedInUser; messageId: string; conditionId: string; recipientEmails: string[]; recipientIds: string[] }> {
  const owner = await signUpUser(t);
  await put(owner, "/api/profile", { first_name: "Alex", last_name: "Morgan", whatsapp_number: "+447700900123" });
  const message = await createMessage(owner, { title: "The spare key", text_content: "It is under the blue pot." });
  const recipientEmails: string[] = [];
  const recipientIds: string[] = [];
  for (let i = 0; i < recipientCount; i++) {
    const email = `friend${++n}-${Date.now()}@example.com`;
    recipientIds.push((await createRecipient(owner, { name: `Friend ${n}`, email })).id);
    recipientEmails.push(email);
  }
  await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: recipientIds });
  const c = await createCondition(owner, message.id, condition);
  return { owner, messageId: message.id, conditionId: c.id, recipientEmails, recipientIds };
}

export const scheduleOf = (t: TestApp, conditionId: string) => t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.conditionId, conditionId));

export const mailsTo = (sink: Sink, address: string) => sink.mails.filter((m) => m.to.includes(address));
