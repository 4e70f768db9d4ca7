import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../server/src/config.ts";
import { createMasterKeys } from "../../server/src/crypto/master-keys.ts";
import { scratchDatabase } from "./scratch-db.ts";
import { startSinkChild } from "./smtp-sink-child.ts";

/**
 * What an engine bench runs against: an SMTP sink in its own process, a scratch database, a
 * throwaway DATA_DIR and the server's config for them (ENGINE_* from the environment honoured).
 */
export async function stageEngineBench(tag: string) {
  const sink = await startSinkChild();
  const scratch = await scratchDatabase(tag);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-bench-"));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("ENGINE_")));
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    MASTER_KEY: "k1:" + Buffer.alloc(32, 7).toString("base64"),
    SMTP_URL: sink.url,
    LOG_LEVEL: "silent",
  });
  return { sink, scratch, dataDir, config, masterKeys: createMasterKeys({ config }) };
}
