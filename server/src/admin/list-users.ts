import type { AdminUser } from "@trigger-switch/contracts";
import { count, desc, ilike, sql, type SQL } from "drizzle-orm";
import { billingEnabled } from "../billing/billing-enabled.ts";
import { PLUS_STATUSES } from "../billing/limits-for.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { users } from "../db/schema.ts";

const statuses = sql.join(
  PLUS_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
// Drizzle writes a column in a select list unqualified ("id"), which a subquery would read as its own id.
const uid = sql.raw(`"users"."id"`);

/** The columns of one user row in the admin's list: account facts and counts, nothing anyone wrote. */
function userColumns(now: Date) {
  return {
    id: users.id,
    email: users.email,
    createdAt: users.createdAt,
    emailConfirmedAt: users.emailConfirmedAt,
    bannedUntil: users.bannedUntil,
    paying: sql<boolean>`exists (select 1 from subscriptions s where s.user_id = ${uid} and s.status in (${statuses}))`,
    // A check-in is a last_checked later than the arming (arming sets both).
    lastCheckIn:
      sql<Date | null>`(select max(c.last_checked) from message_conditions c where c.user_id = ${uid} and c.last_checked > c.armed_at)`.mapWith(
        users.createdAt,
      ),
    messages: sql<number>`(select count(*) from messages m where m.user_id = ${uid})`.mapWith(Number),
    armed:
      sql<number>`(select count(*) from message_conditions c where c.user_id = ${uid} and c.active and c.is_armed)`.mapWith(
        Number,
      ),
    held: sql<number>`(select count(*) from account_holds h where h.user_id = ${uid})`.mapWith(Number),
    disabled: sql<boolean>`(${users.bannedUntil} is not null and ${users.bannedUntil} > ${now.toISOString()}::timestamptz)`,
  };
}

type Row = { [K in keyof ReturnType<typeof userColumns>]: unknown };

function toAdminUser(row: Row, config: Config): AdminUser {
  const email = String(row.email);
  return {
    id: String(row.id),
    email,
    created_at: (row.createdAt as Date).toISOString(),
    email_confirmed: row.emailConfirmedAt !== null,
    plan: billingEnabled(config) ? (row.paying === true ? "plus" : "free") : config.DEFAULT_PLAN,
    last_check_in: row.lastCheckIn === null ? null : (row.lastCheckIn as Date).toISOString(),
    messages: Number(row.messages),
    armed_switches: Number(row.armed),
    held_switches: Number(row.held),
    disabled: row.disabled === true,
    admin_address: config.ADMIN_EMAILS.includes(email.toLowerCase()),
  };
}

/** Users, newest first, optionally those whose address contains `q`. */
export async function listUsers({
  db,
  clock,
  config,
  q,
  offset,
  limit,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  q?: string;
  offset: number;
  limit: number;
}): Promise<{ users: AdminUser[]; total: number }> {
  const where: SQL | undefined = q ? ilike(users.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const rows = await db
    .select(userColumns(clock.now()))
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(offset)
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { users: rows.map((r) => toAdminUser(r, config)), total: total?.n ?? 0 };
}

/** One user, as the list shows them. */
export async function readAdminUser({
  db,
  clock,
  config,
  userId,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  userId: string;
}): Promise<AdminUser | null> {
  const [row] = await db
    .select(userColumns(clock.now()))
    .from(users)
    .where(sql`${users.id} = ${userId}`);
  return row ? toAdminUser(row, config) : null;
}
