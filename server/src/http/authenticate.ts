import type { FastifyReply, FastifyRequest } from "fastify";
import type { AuthService, AuthUser } from "../auth/auth-service.ts";

declare module "fastify" {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

/** preHandler for routes that need a signed-in user; the user is then `req.authUser!`. */
export function requireUser(auth: AuthService) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.authUser = await auth.authenticate(req.headers.authorization);
  };
}

/** The signed-in user of a route guarded by `requireUser`. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.authUser) throw new Error("currentUser() used on a route without requireUser");
  return req.authUser;
}
