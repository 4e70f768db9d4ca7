// Creates every key a first start creates in the DATA_DIR given, as the server does: the master
// key, the signing key file and the local mailbox key. Run under strace by durable-file.test.ts.
import { createKeyStore } from "../../../src/auth/keys/key-store.ts";
import { systemClock } from "../../../src/clock.ts";
import type { Config } from "../../../src/config.ts";
import { createMasterKeys } from "../../../src/crypto/master-keys.ts";
import { mailboxKey } from "../../../src/mail/mailbox-key.ts";

const dataDir = process.argv[2]!;
createMasterKeys({ config: { DATA_DIR: dataDir, MASTER_KEY: undefined } });
createKeyStore({ config: { DATA_DIR: dataDir, JWT_EXPIRY: 3600 } as Config, clock: systemClock }).current();
mailboxKey({ DATA_DIR: dataDir, MAILBOX_KEY: undefined });
