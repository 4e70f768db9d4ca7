// The bench's owner for `bench/lighthouse.mjs`, made through the public API like a person would: signed
// up (following the confirmation mail when the server asks for one), with a profile, a recipient, a
// message with a check-in deadline and one released by the emergency button, whose access link is read
// from the local mailbox (MAILBOX_KEY).

async function callAt(base, pathname, { method, token, body } = {}) {
  const res = await fetch(`${base}${pathname}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: {
      "content-type": "application/json",
      apikey: process.env.ANON_KEY ?? "trigger-switch-anon-key",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method ?? "GET"} ${pathname}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Polls `check` every 200 ms until it gives a value; fails saying `what` did not happen in time. */
export async function waitFor(what, check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > until) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * An owner with a complete profile, a recipient and two messages, one sent by the emergency button:
 * the owner's session (for the dashboard) and the recipient's access link (a path).
 */
export async function seedOwner({ base, mailboxKey }) {
  const call = (pathname, options) => callAt(base, pathname, options);
  const linkInMail = (to) => mailedLink(call, mailboxKey, to);
  const stamp = Date.now();
  const email = `owner-${stamp}@bench.example`;
  const recipientEmail = `grace-${stamp}@bench.example`;
  const password = "a long enough passphrase";
  await call("/auth/v1/signup", { body: { email, password } });
  // A server without AUTH_AUTOCONFIRM mails a confirmation link: follow it like the owner would.
  const signIn = () => call("/auth/v1/token?grant_type=password", { body: { email, password } });
  let session = await signIn().catch(() => null);
  if (!session) {
    const link = await waitFor("no confirmation mail", () => linkInMail(email), 15_000);
    await fetch(link, { redirect: "manual" });
    session = await signIn();
  }
  const token = session.access_token;
  await call("/api/profile", {
    method: "PUT",
    token,
    body: { first_name: "Ada", last_name: "Lovelace", whatsapp_number: "+447700900123" },
  });
  const recipient = await call("/api/recipients", { token, body: { name: "Grace Hopper", email: recipientEmail } });
  const message = await call("/api/messages", {
    token,
    body: {
      title: "If you are reading this",
      text_content:
        "I have not checked in, so something has gone wrong. The spare key is with Mrs Patel at number 12. " +
        "My notes for you are in the blue folder on the desk, and the bank's number is on the first page.",
    },
  });
  await call(`/api/messages/${message.id}/recipients`, {
    method: "PUT",
    token,
    body: { recipient_ids: [recipient.id] },
  });
  await call(`/api/messages/${message.id}/conditions`, { token, body: { condition_type: "panic_trigger" } });
  // A second message with a check-in condition, so the dashboard shows a deadline and a countdown.
  const later = await call("/api/messages", {
    token,
    body: { title: "Weekly check-in", text_content: "Everything you need is in the folder." },
  });
  await call(`/api/messages/${later.id}/recipients`, { method: "PUT", token, body: { recipient_ids: [recipient.id] } });
  await call(`/api/messages/${later.id}/conditions`, {
    token,
    body: { condition_type: "no_check_in", hours_threshold: 168, minutes_threshold: 0, reminder_hours: [1440] },
  });
  await call("/functions/v1/send-message-notifications", {
    token,
    body: { messageId: message.id, isEmergency: true, deduplicationId: `bench-${stamp}` },
  });
  const access = await waitFor("no access link mailed to the recipient", () => linkInMail(recipientEmail), 30_000);
  return { session, access: access.replace(/^https?:\/\/[^/]+/, "") };
}

async function mailedLink(call, mailboxKey, to) {
  const mails = await call(`/dev/mailbox/messages.json?to=${encodeURIComponent(to)}&key=${mailboxKey}`);
  return mails.map((m) => m.text.match(/https?:\/\/\S+/)?.[0]).find(Boolean) ?? null;
}
