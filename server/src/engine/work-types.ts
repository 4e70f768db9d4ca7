import type { ChannelId, PhoneChannelId } from "../channels/channel.ts";
import { returning } from "../db/insert-rows.ts";
import { deliveries, type accessGrants, type messageConditions, type reminderSchedule } from "../db/schema.ts";
import type { EmergencyContext } from "../emergency/load-emergency-context.ts";
import type { ReleasedTo } from "./read-release-recipients.ts";

// The types the engine's steps pass to each other, in one module that imports no step, so no two steps import each other for a type.

export type ScheduleRow = typeof reminderSchedule.$inferSelect;

/** What the work path reads of a delivery: none of a notice's own queue and sealed mail, nor its times. */
export type DeliveryRow = Pick<
  typeof deliveries.$inferSelect,
  | "id"
  | "reminderId"
  | "kind"
  | "recipientId"
  | "grantId"
  | "address"
  | "channel"
  | "idempotencyKey"
  | "status"
  | "attempts"
  | "sealedToken"
  | "tokenKeyId"
  | "lastError"
>;

/** The columns of DeliveryRow, to read or return them (one left out fails the build where they are used). */
export const deliveryRowColumns = {
  id: deliveries.id,
  reminderId: deliveries.reminderId,
  kind: deliveries.kind,
  recipientId: deliveries.recipientId,
  grantId: deliveries.grantId,
  address: deliveries.address,
  channel: deliveries.channel,
  idempotencyKey: deliveries.idempotencyKey,
  status: deliveries.status,
  attempts: deliveries.attempts,
  sealedToken: deliveries.sealedToken,
  tokenKeyId: deliveries.tokenKeyId,
  lastError: deliveries.lastError,
};

/** An insert's `returning` clause for DeliveryRow, and the mapping of what it returns: the rows as stored. */
export const returningDeliveryRow = returning(deliveryRowColumns);

/** A notice claimed on its own (an owner's release notice among them): the whole row, its lease with it. */
export type NoticeRow = typeof deliveries.$inferSelect;

export type ConditionRow = typeof messageConditions.$inferSelect;

/** What a recipient's mail says of their access: when it was released, opens and closes. */
export type GrantWindow = Pick<typeof accessGrants.$inferSelect, "id" | "releasedAt" | "opensAt" | "expiresAt">;

export interface WorkContext {
  row: ScheduleRow;
  /** The message's title, opened only for the mails that name it (the owner's); else null. */
  messageTitle: string | null;
  ownerEmail: string;
  ownerName: string;
  ownerFirstName: string;
  /** The zone the owner's times are shown in: their profile's, else the schedule's, else UTC. */
  timeZone: string;
  keepArmed: boolean | null;
  grants: Map<string, GrantWindow>;
  /** How many people the condition would send the message to (its subset, else all linked). */
  recipientCount: number;
  /**
   * Whom the release went to, for the owner's release notice: each recipient's opened
   * name and the channels they are tried on, in order. Loaded only to send that notice (it is sent
   * on its own, release-notices.ts); empty otherwise. A recipient deleted since the release has no name (null).
   */
  releasedTo: ReleasedTo[];
  /** The owner's proven number and the messaging channels they chose for reminders (their release notice goes there too). */
  ownerPhone: { number: string; channels: PhoneChannelId[] } | null;
  /** Set when the row is an emergency (a panic press, docs/decisions/008); null for timed work. */
  emergency: EmergencyContext | null;
  /** Every delivery of the row (sent, pending and failed), the owner's release notice among them: see rowDeliveries. */
  deliveries: DeliveryRow[];
  /**
   * Deliveries that go through the channel layer (WhatsApp, SMS, fallback): a recipient whose
   * channels are more than their e-mail, an owner whose reminders go to a messaging app too. The
   * rest are plain e-mail and keep the engine's batched mail path (send-delivery.ts).
   */
  byChannels: Set<string>;
  /**
   * The channel each channel-layer delivery tries first (a recipient's first channel with an
   * address; an owner's first messaging channel for a reminder): the send pipeline's lane for it.
   * Plain e-mail deliveries are not listed.
   */
  lanes: Map<string, ChannelId>;
  /** Set after an attempt when a provider asked us to wait (Retry-After): the row's retry is not sooner. */
  notBefore?: Date;
}

/**
 * One attempt's outcome. `logged`: the channel layer already wrote this attempt's
 * reminder_delivery_log rows (one per channel tried), so settle-work writes none of its own.
 */
export type SendOutcome = (
  | { status: "sent"; keptLocally?: boolean }
  | {
      status: "failed";
      error: string;
      permanent: boolean;
      /** The provider asked us to wait this long before trying again (Retry-After). */
      retryAfterMs?: number;
    }
) & {
  logged?: boolean;
};

/** One send attempt of one delivery, waiting to be written. */
export interface Attempt {
  ctx: WorkContext;
  delivery: DeliveryRow;
  outcome: SendOutcome;
  at: Date;
}

/** A row whose attempt is over: settled from its deliveries, or handed back untried (shutdown, lease running out). */
export interface DoneRow {
  ctx: WorkContext;
  handBack: boolean;
  /** Set when what is over is the owner's release notice of a settled row: the notice is settled (or handed back), not the row. */
  notice?: NoticeRow;
}

/** An owner's release notice claimed on its own, with what its mail needs: its release's context. */
export interface ReleaseNoticeWork {
  ctx: WorkContext;
  /** The notice as claimed (its lease in `lockedUntil`). */
  notice: NoticeRow;
}

/**
 * The deliveries a row is settled by: its recipients' and reminders', not the owner's release
 * notice, which is sent and settled on its own once the row is (release-notices.ts).
 */
export const rowDeliveries = (ctx: Pick<WorkContext, "deliveries">): DeliveryRow[] =>
  ctx.deliveries.filter((d) => d.kind !== "release_notice");
