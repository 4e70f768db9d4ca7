import { z } from "zod";

/** GET /api/meta: what this server offers a client before sign-in. */
export const serverMetaSchema = z.object({
  /** Whether a local mailbox page shows the outbox (only with its operator's key). */
  mailbox: z.boolean(),
  /** Whether mail leaves this server at all, so "we sent you an e-mail" is said only when true. */
  mail: z.enum(["smtp", "outbox"]).default("smtp"),
  autoconfirm: z.boolean(),
  version: z.string(),
});
export type ServerMeta = z.infer<typeof serverMetaSchema>;

/** GET /api/me: the signed-in user and their server-side role (ADMIN_EMAILS). */
export const meSchema = z.object({ id: z.string(), email: z.string(), is_admin: z.boolean() });
export type Me = z.infer<typeof meSchema>;
