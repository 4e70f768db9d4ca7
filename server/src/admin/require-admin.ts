import type { FastifyReply, FastifyRequest } from "fastify";
import type { AuthService } from "../auth/auth-service.ts";
import { AppError } from "../errors.ts";

/**
 * onRequest hook for everything under /api/admin: 401 without a valid session (from `authenticate`),
 * 403 for a signed-in user who is not an admin — before the body is parsed or any schema runs.
 * The role itself is decided in the auth service.
 */
export function requireAdmin(auth: AuthService) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.authUser = await auth.authenticate(req.headers.authorization);
    if (!req.authUser.isAdmin) throw new AppError("forbidden", "Only the service's administrators can do this.");
  };
}
