import type { FastifyPluginAsync } from "fastify";

/** Who is calling, as proven by a valid access token of a live session. */
export interface AuthUser {
  id: string;
  email: string;
  role: string;
  sessionId: string;
  aal: "aal1" | "aal2";
  isAdmin: boolean;
}

export interface AuthService {
  /** The GoTrue-compatible API, mounted at /auth/v1. Sets its own GoTrue-shaped error handler. */
  routes: FastifyPluginAsync;
  /** Verifies `Authorization: Bearer …` and that the session is live; throws AppError("unauthorized"). */
  authenticate(authorization: string | undefined): Promise<AuthUser>;
  /**
   * Before an act that cannot be undone: the password if the account has one (wrong ones count
   * like wrong sign-ins), else a sign-in within 5 minutes; throws AppError("forbidden" | "rate_limited").
   */
  confirmIdentity(
    user: AuthUser,
    password: string | undefined,
    origin?: { ip?: string; userAgent?: string },
  ): Promise<void>;
}
