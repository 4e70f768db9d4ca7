// Bulk seeding in SQL for the engine benchmarks: rows shaped exactly as the product writes them.
import crypto from "node:crypto";
import { HIGH_PRIORITY_OFFSET_UNDER } from "@trigger-switch/contracts";
import type pg from "pg";
import type { MasterKeys } from "../../server/src/crypto/master-keys.ts";
import { newMessageCipher } from "../../server/src/crypto/message-cipher.ts";

/**
 * The same uuid in SQL and here, so bulk rows can refer to each other by number: an md5 with the
 * version (4) and variant (8) digits set, since the product checks ids it reads back as RFC 9562
 * uuids (a realtime notification with a bare md5 id is refused as unreadable).
 */
export const idOf = (kind: string, i: number) => {
  const h = crypto.createHash("md5").update(`bench-${kind}-${i}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
};
export const sqlId = (kind: string, expr: string) =>
  `overlay(overlay(md5('bench-${kind}-' || (${expr})) placing '4' from 13) placing '8' from 17)::uuid`;

/** JavaScript's Date#toISOString in SQL, as in the schedule's idempotency keys. */
const iso = (expr: string) => `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface SeedOptions {
  /** Conditions (and messages: one condition per message, one recipient per message). */
  n: number;
  /** Messages per owner. */
  perOwner: number;
  /** Encrypt each message's title and text through the server's own cipher (the engine opens titles). */
  masterKeys: MasterKeys;
  sealed: boolean;
}

/** Owners (users + profiles), messages, one recipient per message `r<j>@bench.example`, linked. */
export async function seedOwnersAndMessages(
  pool: pg.Pool,
  { n, perOwner, masterKeys, sealed }: SeedOptions,
): Promise<void> {
  const owners = Math.ceil(n / perOwner);
  await pool.query(
    `insert into users (id, email, role, email_confirmed_at)
       select ${sqlId("user", "i")}, 'owner' || i || '@bench.example', 'authenticated', now() from generate_series(1, $1) i`,
    [owners],
  );
  await pool.query(
    `insert into profiles (id, email, first_name, last_name) select id, email, 'Alex', 'Morgan' from users`,
  );
  const placeholder = newMessageCipher(masterKeys, "placeholder");
  const chunk = 5000;
  for (let from = 1; from <= n; from += chunk) {
    const ids: string[] = [];
    const userIds: string[] = [];
    const wrapped: string[] = [];
    const titles: string[] = [];
    const texts: string[] = [];
    for (let j = from; j < Math.min(n + 1, from + chunk); j++) {
      const id = idOf("msg", j);
      ids.push(id);
      userIds.push(idOf("user", Math.floor((j - 1) / perOwner) + 1));
      // Idle conditions are never opened: one placeholder ciphertext saves minutes at a million rows.
      const m = sealed ? newMessageCipher(masterKeys, id) : placeholder;
      wrapped.push(m.wrappedKey);
      titles.push(m.cipher.sealText("title", `Bench message ${j}`));
      texts.push(m.cipher.sealText("text_content", "The spare key is under the blue pot."));
    }
    await pool.query(
      `insert into messages (id, user_id, key_id, wrapped_key, title, text_content)
         select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[])`,
      [ids, userIds, ids.map(() => masterKeys.currentKid), wrapped, titles, texts],
    );
  }
  await pool.query(
    `insert into recipients (id, user_id, name, email, channels)
       select ${sqlId("rcpt", "j")}, ${sqlId("user", `(j - 1) / ${perOwner} + 1`)}, 'Friend ' || j, 'r' || j || '@bench.example', '["email"]'::jsonb
       from generate_series(1, $1) j`,
    [n],
  );
  await pool.query(
    `insert into message_recipients (message_id, recipient_id) select ${sqlId("msg", "j")}, ${sqlId("rcpt", "j")} from generate_series(1, $1) j`,
    [n],
  );
}

/**
 * Armed no_check_in conditions, condition j on message j, with last_checked = `lastCheckedSql` (j in
 * scope), and their pending reminder_schedule rows exactly as rescheduleCondition writes them:
 * reminders at deadline − offset (future ones only) and one final_delivery at the deadline.
 */
export async function seedConditions(
  pool: pg.Pool,
  opts: {
    n: number;
    perOwner: number;
    thresholdMinutes: number;
    reminderMinutes: number[];
    lastCheckedSql: string;
    params?: unknown[];
    schedule?: boolean;
  },
): Promise<void> {
  const { n, perOwner, thresholdMinutes, reminderMinutes } = opts;
  const hours = Math.floor(thresholdMinutes / 60);
  const minutes = thresholdMinutes % 60;
  const params = [n, ...(opts.params ?? [])];
  await pool.query(
    `insert into message_conditions (id, message_id, user_id, condition_type, hours_threshold, minutes_threshold, reminder_hours, last_checked, armed_at)
       select ${sqlId("cond", "j")}, ${sqlId("msg", "j")}, ${sqlId("user", `(j - 1) / ${perOwner} + 1`)}, 'no_check_in', ${hours}, ${minutes},
              '${JSON.stringify(reminderMinutes)}'::jsonb, lc, lc
       from (select j, date_trunc('milliseconds', ${opts.lastCheckedSql}) lc from generate_series(1, $1) j) s`,
    params,
  );
  if (opts.schedule !== false) await scheduleConditions(pool, { thresholdMinutes, reminderMinutes });
}

/** reminder_schedule rows for every condition (deadline = last_checked + threshold), as the product makes them. */
export async function scheduleConditions(
  pool: pg.Pool,
  { thresholdMinutes, reminderMinutes }: { thresholdMinutes: number; reminderMinutes: number[] },
): Promise<void> {
  const deadline = `(c.last_checked + interval '${thresholdMinutes} minutes')`;
  const rows = [
    `select c.id cid, c.message_id mid, c.user_id uid, ${deadline} d, 'final_delivery' t, 0 o, 'critical' p, 'aggressive' s, ${deadline} at from message_conditions c`,
    ...reminderMinutes.map(
      (o) =>
        `select c.id, c.message_id, c.user_id, ${deadline}, 'reminder', ${o}, '${o < HIGH_PRIORITY_OFFSET_UNDER ? "high" : "normal"}', 'standard', ${deadline} - interval '${o} minutes' from message_conditions c where ${deadline} - interval '${o} minutes' > now()`,
    ),
  ];
  await pool.query(
    `insert into reminder_schedule (message_id, condition_id, user_id, scheduled_at, deadline, reminder_type, offset_minutes, delivery_priority, retry_strategy, idempotency_key, next_attempt_at)
       select mid, cid, uid, at, d, t, o, p, s, t || ':' || cid || ':' || ${iso("d")} || ':' || o, at from (${rows.join(" union all ")}) r`,
  );
}
