/** Time is a dependency: production uses the system clock, tests pass a fake one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system clock shifted by an offset that only grows: the browser journeys' and drills' clock. */
export interface AdjustableClock extends Clock {
  offsetMs(): number;
  advance(ms: number): Date;
}

export function createAdjustableClock(startOffsetMs = 0): AdjustableClock {
  let offset = startOffsetMs;
  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    advance(ms) {
      offset += ms;
      return new Date(Date.now() + offset);
    },
  };
}
