import type { FactorKind, FactorType } from "./factor-types.ts";
import { webauthnFactor } from "../passkeys/webauthn-factor.ts";
import { phoneFactor } from "./phone-factor.ts";
import { totpFactor } from "./totp-factor.ts";

/** Each kind of second factor by its GoTrue name (its shared types live in factor-types.ts, so the kinds need not import this registry). */
export const factorKinds: Record<FactorType, FactorKind> = {
  totp: totpFactor,
  phone: phoneFactor,
  webauthn: webauthnFactor,
};
