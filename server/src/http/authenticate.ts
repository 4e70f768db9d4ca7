import type { FastifyReply, FastifyRequest } from "fastify";

/** Who is calling, as proven by a valid access token of a live session. */
export interface AuthUser {
  id: string;
  email: string;
  role: string;
  sessionId: string;
  aal: "aal1" | "aal2";
  isAdmin: boolean;
}

/** What the hook needs of the auth service (auth/auth-service.ts), so this plumbing imports no feature. */
export interface Authenticator {
  /** The caller of `Authorization: Bearer …`; throws when the token or its session is not valid. */
  authenticate(authorization: string | undefined): Promise<AuthUser>;
}

declare module "fastify" {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

/** preHandler for routes that need a signed-in user; the user is then `req.authUser!`. */
export function requireUser(auth: Authenticator) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.authUser = await auth.authenticate(req.headers.authorization);
  };
}

/** The signed-in user of a route guarded by `requireUser`. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.authUser) throw new Error("currentUser() used on a route without requireUser");
  return req.authUser;
}
