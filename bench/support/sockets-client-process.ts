// Drives bench/support/realtime-sockets-client.ts (the dashboards, in a process of their own) over IPC,
// and matches the UPDATEs its sockets received to the check-ins that caused them.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ClientStatus {
  subscribed: number;
  back: number;
  lastBack: number;
  gaveUp: number;
  errors: number;
  errorTexts: Record<string, number>;
  closeCodes: Record<string, number>;
  rssMiB: number;
}

/** The client process, and a way to wait for its next message of a kind. */
export function startSocketsClient() {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/support/realtime-sockets-client.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting = new Map<string, (m: Record<string, unknown>) => void>();
  child.on("message", (m: Record<string, unknown>) => {
    const resolve = waiting.get(m.type as string);
    waiting.delete(m.type as string);
    resolve?.(m);
  });
  const ask = <T = Record<string, unknown>>(command: Record<string, unknown>, answer: string) =>
    new Promise<T>((resolve) => {
      waiting.set(answer, resolve as (m: Record<string, unknown>) => void);
      child.send(command);
    });
  return { child, ask };
}

/**
 * Each arrival's latency from its owner's latest check-in sent before it (epoch milliseconds on both
 * sides). With several check-ins of an owner in flight this takes the newest, so it errs short.
 */
export function arrivalLatencies(arrivals: { owner: number[]; at: number[] }, sentByOwner: number[][]): number[] {
  const latencies: number[] = [];
  arrivals.owner.forEach((owner, i) => {
    const at = arrivals.at[i]!;
    const list = sentByOwner[owner] ?? [];
    let j = list.length - 1;
    while (j >= 0 && list[j]! > at) j--;
    if (j >= 0) latencies.push(at - list[j]!);
  });
  return latencies.sort((a, b) => a - b);
}
