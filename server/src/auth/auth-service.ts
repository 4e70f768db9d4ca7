import type { FastifyPluginAsync } from "fastify";
import type { AuthUser } from "../http/authenticate.ts";

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
