import { z } from "zod";
import { validationFailed } from "../gotrue-error.ts";

const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");

/** A browser's `PublicKeyCredential.toJSON()` after `navigator.credentials.create()`. */
export const registrationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: b64url(8000),
    attestationObject: b64url(32000),
    transports: z.array(z.string().max(30)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** A browser's `PublicKeyCredential.toJSON()` after `navigator.credentials.get()`. */
export const authenticationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: b64url(8000),
    authenticatorData: b64url(8000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

export type RegistrationJson = z.infer<typeof registrationResponseSchema>;
export type AuthenticationJson = z.infer<typeof authenticationResponseSchema>;

/** Parses a credential the browser made, or answers 400 naming what is missing. */
export function parseCredential<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = [field, ...(issue?.path ?? [])].join(".");
  throw validationFailed(
    `${where} ${issue?.message ?? "is not valid"}: send the passkey's answer as the browser made it (PublicKeyCredential.toJSON()).`,
  );
}

/** What the browser wrote into clientDataJSON; null when it is not JSON of that shape. */
export function readClientData(clientDataJSON: string): { type: string; challenge: string; origin: string } | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as Record<string, unknown>;
    if (typeof data.type !== "string" || typeof data.challenge !== "string" || typeof data.origin !== "string")
      return null;
    return { type: data.type, challenge: data.challenge, origin: data.origin };
  } catch {
    return null;
  }
}
