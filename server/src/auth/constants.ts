/**
 * Lifetimes and limits of the auth service that the spec and GoTrue leave to us.
 * Reasons are in docs/decisions/001-auth.md.
 */

/** How long an e-mailed link stays valid, per link type (ms). */
export const LINK_LIFETIME_MS = {
  signup: 24 * 60 * 60 * 1000,
  recovery: 60 * 60 * 1000,
  email_change: 24 * 60 * 60 * 1000,
} as const;

/** At most one e-mail of a kind per account in this window (ms); like GoTrue's 60 s. */
export const MAIL_COOLDOWN_MS = 60 * 1000;

/** A just-rotated refresh token may be presented again this long (ms) (two tabs refreshing at once). */
export const REFRESH_REUSE_INTERVAL_MS = 10 * 1000;

/** A session whose refresh token was not used for this long (ms) ends. */
export const SESSION_INACTIVITY_TIMEOUT_MS = 90 * 24 * 60 * 60 * 1000;

/** Largest user_metadata accepted, as JSON characters. */
export const USER_METADATA_MAX_CHARS = 16 * 1024;

/** Deepest user_metadata accepted (the object itself is level 1). */
export const USER_METADATA_MAX_DEPTH = 8;

/** A password change without the current password needs a sign-in (any method) this recent (ms). */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/** A second-factor challenge must be answered within this (ms); GoTrue's default. */
export const MFA_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/** Most factors one account may hold (verified or being enrolled). */
export const MFA_MAX_FACTORS = 10;

/** An enrolment never finished is dropped after this long (ms), when the next one starts. */
export const MFA_UNVERIFIED_FACTOR_LIFETIME_MS = 60 * 60 * 1000;

/** A phone factor sends at most one code this often (ms), per factor. */
export const MFA_PHONE_CODE_INTERVAL_MS = 30 * 1000;

/** At most this many codes an hour to one number, whichever account asks. */
export const MFA_PHONE_CODES_PER_HOUR = 5;

export const AUDIENCE = "authenticated";

export type LinkType = keyof typeof LINK_LIFETIME_MS;
