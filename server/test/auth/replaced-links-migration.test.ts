import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { followedLinkTo } from "../../src/auth/users/followed-link-to.ts";
import { oneTimeTokens } from "../../src/db/schema.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
});
afterAll(async () => {
  await t?.close();
});

const migration = new URL("../../src/db/migrations/0020_link-used-means-followed.sql", import.meta.url);
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const MINUTE = 60_000;

describe("the migration that stops replaced links counting as followed", () => {
  it("clears used_at of a link replaced unopened and keeps it on a link that was followed", async () => {
    const db = t.database.db;
    const squatted = await signUpUser(t);
    const owned = await signUpUser(t);
    // As the old code left them: the first reset link marked used a moment after the second was made.
    const [replaced] = await db
      .insert(oneTimeTokens)
      .values({
        userId: squatted.id,
        tokenType: "recovery",
        tokenHash: "replaced",
        relatesTo: squatted.email,
        expiresAt: at(60 * MINUTE),
        usedAt: at(2 * MINUTE + 3),
        createdAt: at(0),
      })
      .returning();
    await db.insert(oneTimeTokens).values({
      userId: squatted.id,
      tokenType: "recovery",
      tokenHash: "second",
      relatesTo: squatted.email,
      expiresAt: at(62 * MINUTE),
      createdAt: at(2 * MINUTE),
    });
    // Followed ten minutes after it was sent; a later link of the same kind changes nothing.
    const [followed] = await db
      .insert(oneTimeTokens)
      .values({
        userId: owned.id,
        tokenType: "recovery",
        tokenHash: "followed",
        relatesTo: owned.email,
        expiresAt: at(60 * MINUTE),
        usedAt: at(10 * MINUTE),
        createdAt: at(0),
      })
      .returning();
    await db.insert(oneTimeTokens).values({
      userId: owned.id,
      tokenType: "recovery",
      tokenHash: "later",
      relatesTo: owned.email,
      expiresAt: at(90 * MINUTE),
      createdAt: at(30 * MINUTE),
    });
    expect(await followedLinkTo(db, squatted)).toBe(true);

    await db.execute(sql.raw(fs.readFileSync(migration, "utf8")));

    const [after] = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.id, replaced!.id));
    expect(after).toMatchObject({ usedAt: null, expiresAt: at(2 * MINUTE + 3) });
    expect(await followedLinkTo(db, squatted)).toBe(false);
    const [kept] = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.id, followed!.id));
    expect(kept!.usedAt).toEqual(at(10 * MINUTE));
    expect(await followedLinkTo(db, owned)).toBe(true);
  });
});
