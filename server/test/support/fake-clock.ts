import type { Clock } from "../../src/clock.ts";

/** A clock that stands still until a test moves it. */
export class FakeClock implements Clock {
  constructor(private current = new Date("2026-03-01T12:00:00Z")) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
}
