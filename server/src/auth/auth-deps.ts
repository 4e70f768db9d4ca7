import type { Channels } from "../channels/channel.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { BackgroundTasks } from "./background-tasks.ts";
import type { KeyStore } from "./keys/key-store.ts";
import type { OidcProvider } from "./oidc/oidc-clients.ts";

/** What every auth operation may need; passed explicitly, never imported. */
export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  /** Wraps TOTP secrets at rest. */
  masterKeys: MasterKeys;
  keys: KeyStore;
  background: BackgroundTasks;
  /** SMS and WhatsApp, for the phone factor's codes. */
  channels: Channels;
  /** Configured OpenID Connect providers by name. */
  oidcProviders: Map<string, OidcProvider>;
}

/** The database handle inside `db.transaction(...)`; every Db helper accepts it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
