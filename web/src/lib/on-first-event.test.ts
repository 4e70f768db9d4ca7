import { fireEvent } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { onFirstEvent } from "./on-first-event";

describe("onFirstEvent", () => {
  it("runs once, at the first of its events, and not for others", () => {
    const run = vi.fn();
    onFirstEvent(["pointerdown", "keydown"], run);
    fireEvent.scroll(window);
    expect(run).not.toHaveBeenCalled();

    fireEvent.keyDown(document.body, { key: "a" });
    fireEvent.pointerDown(document.body);
    fireEvent.keyDown(document.body, { key: "b" });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("runs nothing once stopped", () => {
    const run = vi.fn();
    const stop = onFirstEvent(["click"], run);
    stop();
    fireEvent.click(document.body);
    expect(run).not.toHaveBeenCalled();
  });
});
