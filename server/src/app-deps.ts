import type Stripe from "stripe";
import type { AuthService } from "./auth/auth-service.ts";
import type { Channels } from "./channels/channel.ts";
import type { InboxWaker } from "./channels/inbound/create-inbox-processor.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/connect.ts";
import type { EngineWaker } from "./emergency/engine-waker.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { MasterKeys } from "./crypto/master-keys.ts";
import type { Realtime } from "./realtime/create-realtime.ts";
import type { ReverseGeocoder } from "./geocoding/create-geocoder.ts";

/** What every route module needs, built once by compose-app.ts (its own module: route modules import it, not compose-app.ts that registers them). */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  auth: AuthService;
  /** Wrap every message's data key (encryption at rest). */
  masterKeys: MasterKeys;
  /** Live updates over /realtime (docs/decisions/006). */
  realtime: Realtime;
  /** Names a position (Mapbox when MAPBOX_TOKEN is set, else offline; docs/decisions/008). */
  geocoder: ReverseGeocoder;
  /** Starts this process's engine tick at once for urgent work; a no-op where no engine runs (ROLE=web). */
  engineWaker: EngineWaker;
  /** E-mail, WhatsApp and SMS behind one interface (docs/decisions/014). */
  channels: Channels;
  /** Told by a webhook that it recorded inbound messages, so they are handled at once (docs/decisions/037). */
  inbox: InboxWaker;
  /** The one Stripe client (billing/stripe-client.ts); null while billing is off. */
  stripe: Stripe | null;
  /** Where log lines go (default stdout); the security suite reads them back. */
  logStream?: NodeJS.WritableStream;
}
