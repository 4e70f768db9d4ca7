// Starts bench/support/smtp-sink-process.ts as a child and talks to it.
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface SinkChild {
  url: string;
  /** The sink's process, for a CPU meter. */
  pid: number;
  count(): Promise<number>;
  arrivals(): Promise<[string, number][]>;
  reset(): void;
  close(): void;
}

export async function startSinkChild(): Promise<SinkChild> {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), "smtp-sink-process.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ask = <T>(msg: string, key: string) =>
    new Promise<T>((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (key in m) {
          child.off("message", on);
          resolve(m[key] as T);
        }
      };
      child.on("message", on);
      if (msg) child.send(msg);
    });
  const port = await ask<number>("", "port");
  return {
    url: `smtp://127.0.0.1:${port}`,
    pid: child.pid!,
    count: () => ask<number>("count", "count"),
    arrivals: () => ask<[string, number][]>("report", "arrivals"),
    reset: () => child.send("reset"),
    close: () => child.disconnect(),
  };
}
