/** Lets a request start the engine's next tick at once (new urgent work, e.g. an emergency). */
export interface EngineWaker {
  wake(): void;
}

/**
 * The HTTP app is built before the engine starts (compose-app.ts), so routes get this holder and
 * the engine is attached afterwards. Without one (ROLE=web, tests) wake() does nothing: the
 * workers' next tick picks the work up within ENGINE_INTERVAL_MS.
 */
export function createEngineWaker(): EngineWaker & { attach(engine: EngineWaker | null): void } {
  let engine: EngineWaker | null = null;
  return {
    wake: () => engine?.wake(),
    attach(e) {
      engine = e;
    },
  };
}
