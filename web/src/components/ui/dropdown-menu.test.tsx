import { TYPEAHEAD_RESET_MS } from "@trigger-switch/contracts";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./dropdown-menu";

// Spec §9's menu timings are Radix's own (not configurable): this pins the one a keyboard user
// feels, so a Radix upgrade that changes it fails here instead of drifting from the spec.
describe("DropdownMenu type-ahead", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // Keys go to whatever has focus, as they would for a person typing.
  // Radix moves focus on the next task, hence the zero-length tick.
  const type = (menu: HTMLElement, key: string) => {
    fireEvent.keyDown(menu.contains(document.activeElement) ? document.activeElement! : menu, { key });
    act(() => vi.advanceTimersByTime(0));
  };

  function renderMenu() {
    render(
      <DropdownMenu open>
        <DropdownMenuTrigger>Open</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Alpha</DropdownMenuItem>
          <DropdownMenuItem>Bravo</DropdownMenuItem>
          <DropdownMenuItem>Banana</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    return screen.getByRole("menu");
  }

  it("keeps typed letters together within the reset window", () => {
    const menu = renderMenu();
    type(menu, "b");
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS - 100));
    type(menu, "a");
    expect(document.activeElement).toHaveTextContent("Banana");
  });

  it("starts a new search once the reset window has passed", () => {
    const menu = renderMenu();
    type(menu, "b");
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS));
    type(menu, "a");
    expect(document.activeElement).toHaveTextContent("Alpha");
  });
});
