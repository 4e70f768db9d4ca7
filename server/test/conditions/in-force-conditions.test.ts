import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOwner } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";
import { createCondition, createMessage, post } from "../support/content.ts";

let t: TestApp;

beforeAll(async () => {
  ({ t } = await appWithOwner({ JWT_EXPIRY: "86400" }));
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function activeIds(user: Awaited<ReturnType<typeof signUpUser>>): Promise<string[]> {
  const res = await user.api("/api/conditions?active=true");
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }[]).map((c) => c.id);
}

describe("which conditions are in force, and what a check-in says it did", () => {
  it("lists as active only conditions that can still fire: not a disarmed one, nor a date delivery a check-in cancelled", async () => {
    const user = await signUpUser(t);
    const dated = await createMessage(user, { title: "For Grace on her birthday" });
    const other = await createMessage(user);
    const deliverAt = iso(t.clock.now().getTime() + 3 * DAY);
    const date = await createCondition(user, dated.id, { condition_type: "inactivity_to_date", deliver_at: deliverAt });
    const disarmed = await createCondition(user, other.id, { condition_type: "no_check_in", hours_threshold: 24 });
    expect((await post(user, `/api/conditions/${disarmed.id}/disarm`, {})).status).toBe(200);
    expect(await activeIds(user)).toEqual([date.id]);

    t.clock.advance(60_000);
    const first = await post(user, "/api/check-in", {});
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      success: true,
      checked_in_at: t.clock.now().toISOString(),
      conditions: 2,
      next_deadline: null,
      waiting: 1,
      cancelled: [
        {
          condition_id: date.id,
          message_id: dated.id,
          message_title: "For Grace on her birthday",
          deliver_at: deliverAt,
        },
      ],
    });

    // Cancelled: still `active` in its row, but nothing will send it, so it is not listed as in force.
    expect(await activeIds(user)).toEqual([]);
    const inactive = (await (await user.api("/api/conditions?active=false")).json()) as { id: string }[];
    expect(inactive.map((c) => c.id).sort()).toEqual([date.id, disarmed.id].sort());

    // A second check-in finds nothing waiting for it and cancels nothing.
    const second = (await (await post(user, "/api/check-in", {})).json()) as Record<string, unknown>;
    expect(second).toMatchObject({ waiting: 0, cancelled: [] });
  });

  it("counts a check-in condition and a panic condition in force, and cancels nothing outside a date's window", async () => {
    const user = await signUpUser(t);
    const m = await createMessage(user);
    const timer = await createCondition(user, m.id, { condition_type: "no_check_in", hours_threshold: 24 });
    const panic = await createCondition(user, m.id, { condition_type: "panic_trigger" });
    // Only a check-in in the week before the date cancels it; this one is weeks earlier.
    const windowed = await createCondition(user, m.id, {
      condition_type: "inactivity_to_date",
      deliver_at: iso(t.clock.now().getTime() + 30 * DAY),
      hours_threshold: 7 * 24,
    });
    expect(await activeIds(user)).toEqual([timer.id, panic.id, windowed.id].sort());
    t.clock.advance(60_000);
    const answer = (await (await post(user, "/api/check-in", {})).json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ conditions: 2, waiting: 2, cancelled: [] });
    expect(await activeIds(user)).toEqual([timer.id, panic.id, windowed.id].sort());
  });
});
