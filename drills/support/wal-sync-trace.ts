/**
 * Reads an `strace -f -tt -y` trace of the server and its PostgreSQL (with `recvfrom` traced): for
 * each write request (POST, PUT, PATCH, DELETE read from a socket) answered 2xx on that socket, was
 * every WAL write a client backend made while it ran synced (fdatasync/fsync on the same pg_wal
 * file, returning 0) before the answer was written? A client backend is a process that received
 * from a socket (PostgreSQL reads its clients with recv): WAL an autovacuum worker or another
 * background process wrote meanwhile is not the request's, and its sync may follow the answer.
 * What that leaves out (a commit the WAL writer writes later, `synchronous_commit = off`) the drill
 * checks in the server's settings.
 */
export interface WalSyncResult {
  answered: number;
  synced: number;
  walSyncs: number;
  /** One line per write answered before its WAL was synced. */
  unsynced: string[];
}

interface Call {
  pid: string;
  name: string;
  /** The first argument with its decoded path, e.g. `12<TCP:[…]>` or `7</data/postgres/pg_wal/…>`. */
  target: string;
  data: string;
  ok: boolean;
}

const WRITE_METHODS = /^"(POST|PUT|PATCH|DELETE) (\S+)/;

export function checkAnswersAfterWalSync(trace: string): WalSyncResult {
  const open = new Map<string, { request: string; dirty: Set<string> }>(); // socket → its request and WAL files written
  const result: WalSyncResult = { answered: 0, synced: 0, walSyncs: 0, unsynced: [] };
  const clientBackends = new Set<string>();
  for (const call of readCalls(trace)) {
    if (call.name === "recvfrom" && call.ok) clientBackends.add(call.pid);
    const wal = /<([^>]*\/pg_wal\/[0-9A-F]{24})>/.exec(call.target)?.[1];
    if (wal && (call.name === "pwrite64" || call.name === "pwritev") && call.ok && clientBackends.has(call.pid))
      for (const r of open.values()) r.dirty.add(wal);
    if (wal && (call.name === "fdatasync" || call.name === "fsync") && call.ok) {
      result.walSyncs++;
      for (const r of open.values()) r.dirty.delete(wal);
    }
    if (!call.target.includes("<socket:")) continue;
    const socket = `${call.pid}:${call.target}`;
    const method = WRITE_METHODS.exec(call.data);
    if (call.name === "read" && method) open.set(socket, { request: `${method[1]} ${method[2]}`, dirty: new Set() });
    const answer = /HTTP\/1\.1 (\d{3})/.exec(call.data);
    if ((call.name === "write" || call.name === "writev") && answer && open.has(socket)) {
      const r = open.get(socket)!;
      open.delete(socket);
      if (!answer[1]!.startsWith("2")) continue;
      result.answered++;
      if (r.dirty.size === 0) result.synced++;
      else result.unsynced.push(`${r.request} answered ${answer[1]} with ${[...r.dirty].join(", ")} not synced`);
    }
  }
  return result;
}

/** The trace's system calls in order, an interrupted call joined with its resumption. */
function* readCalls(trace: string): Generator<Call> {
  const unfinished = new Map<string, string>();
  for (const line of trace.split("\n")) {
    const m = /^(\d+)\s+\S+\s+(.*)$/.exec(line);
    if (!m) continue;
    const [, pid, rest] = m as unknown as [string, string, string];
    let text = rest;
    if (text.endsWith("<unfinished ...>")) {
      unfinished.set(pid, text.slice(0, -"<unfinished ...>".length));
      continue;
    }
    const resumed = /^<\.\.\. \w+ resumed>(.*)$/.exec(text);
    if (resumed) {
      text = (unfinished.get(pid) ?? "") + resumed[1];
      unfinished.delete(pid);
    }
    const call = /^(\w+)\(([^,)]*)(?:,\s*(.*))?\)\s*=\s*(-?\d+)/.exec(text);
    if (!call) continue;
    const [, name, target, data = "", ret] = call as unknown as [string, string, string, string | undefined, string];
    yield { pid, name, target, data: extractData(name, data), ok: Number(ret) >= 0 };
  }
}

/** The bytes' opening as strace prints them: the string of write/read, the first iovec of writev. */
function extractData(name: string, args: string): string {
  if (name === "writev") return /iov_base="[^"]*/.exec(args)?.[0].slice("iov_base=".length) ?? "";
  return /^"[^"]*/.exec(args)?.[0] ?? "";
}
