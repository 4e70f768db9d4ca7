/** Time is a dependency: production uses the system clock, tests pass a fake one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
