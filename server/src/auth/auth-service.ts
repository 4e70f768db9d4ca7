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
  /** The password, or a sign-in within 5 minutes, before an act that cannot be undone; throws AppError("forbidden"). */
  confirmIdentity(user: AuthUser, password?: string): Promise<void>;
}
