import { classifyConditionUpdate, CONDITIONS_UPDATED_EVENT } from "@trigger-switch/contracts";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConditionsUpdatedDetail } from "../conditions-events";
import { applyConditionUpdate } from "./apply-update";
import { noteOwnCheckIn, OWN_CHECK_IN_WINDOW_MS } from "./own-check-ins";
import { toast } from "@/lib/toast";
import { conditionUpdate } from "@/testing/condition-update";

const LATER = "2026-03-02T10:00:00.000Z";

describe("classifying a live update (spec §4)", () => {
  it("calls a new last_checked a check-in", () => {
    expect(classifyConditionUpdate(conditionUpdate({ last_checked: LATER }))).toBe("check-in");
  });

  it("calls a change of is_armed an arm or a disarm", () => {
    expect(classifyConditionUpdate(conditionUpdate({ is_armed: false }))).toBe("disarm");
    expect(classifyConditionUpdate(conditionUpdate({ is_armed: true }, { is_armed: false }))).toBe("arm");
  });

  it("does not call arming a check-in although arming restarts last_checked", () => {
    expect(
      classifyConditionUpdate(
        conditionUpdate({ is_armed: true, last_checked: LATER, armed_at: LATER }, { is_armed: false }),
      ),
    ).toBe("arm");
  });

  it("calls an edit that restarted the clock an update, not a check-in", () => {
    expect(classifyConditionUpdate(conditionUpdate({ last_checked: LATER, armed_at: LATER, hours_threshold: 2 }))).toBe(
      "update",
    );
  });

  it("calls anything else an update", () => {
    expect(classifyConditionUpdate(conditionUpdate({ active: false }, { active: true }))).toBe("update");
  });
});

describe("applying a live update", () => {
  let events: (ConditionsUpdatedDetail | null)[];
  const listener = (event: Event) =>
    events.push(event instanceof CustomEvent ? (event.detail as ConditionsUpdatedDetail) : null);
  beforeEach(() => {
    events = [];
    window.addEventListener(CONDITIONS_UPDATED_EVENT, listener);
  });
  afterEach(() => window.removeEventListener(CONDITIONS_UPDATED_EVENT, listener));

  it("dispatches conditions-updated with the classification and refreshes the queries that show conditions", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    vi.spyOn(toast, "success");
    applyConditionUpdate(conditionUpdate({ is_armed: false }), queryClient);
    expect(events).toEqual([{ kind: "disarm", conditionId: "c1", messageId: "m1" }]);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining(["messages", "message"]));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("tells the owner about a check-in made elsewhere, once per check-in", () => {
    noteOwnCheckIn(Date.now() - OWN_CHECK_IN_WINDOW_MS - 1);
    const success = vi.spyOn(toast, "success");
    applyConditionUpdate(conditionUpdate({ last_checked: LATER }), new QueryClient());
    expect(events[0]?.kind).toBe("check-in");
    expect(success).toHaveBeenCalledWith(
      "Checked in from another device",
      expect.objectContaining({ id: "remote-check-in" }),
    );
  });

  it("stays quiet about the echo of this tab's own check-in", () => {
    noteOwnCheckIn();
    const success = vi.spyOn(toast, "success");
    applyConditionUpdate(conditionUpdate({ last_checked: LATER }), new QueryClient());
    expect(events[0]?.kind).toBe("check-in");
    expect(success).not.toHaveBeenCalled();
  });
});
