import type { Channels } from "../channels/channel.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { AppError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { AuthDeps } from "./auth-deps.ts";
import type { AuthUser } from "../http/authenticate.ts";
import type { AuthService } from "./auth-service.ts";
import { createBackgroundTasks } from "./background-tasks.ts";
import { authenticateBearer } from "./flows/authenticate-bearer.ts";
import { confirmIdentity } from "./flows/confirm-identity.ts";
import { GoTrueError } from "./gotrue-error.ts";
import { createOidcProviders } from "./oidc/oidc-clients.ts";
import { createKeyStore } from "./keys/key-store.ts";
import { authRoutes } from "./routes/auth-routes.ts";
import { INSUFFICIENT_AAL_MESSAGE, needsStepUp } from "./sessions/step-up.ts";
import { followedLinkTo } from "./users/followed-link-to.ts";

/**
 * Builds the auth service: loads (or on first start creates) the signing keys and returns the
 * /auth/v1 routes plus `authenticate` for the rest of the API.
 * Admins: see `isAdminAccount`, decided on every request and never written into tokens or
 * app_metadata (removing an address takes effect at once).
 */
export async function createAuthService(deps: {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  masterKeys: MasterKeys;
  channels: Channels;
}): Promise<AuthService> {
  const keys = createKeyStore({ config: deps.config, clock: deps.clock });
  const background = createBackgroundTasks();
  const authDeps: AuthDeps = {
    ...deps,
    keys,
    background,
    oidcProviders: createOidcProviders(deps.config.oidcProviders),
  };

  return {
    routes: authRoutes(authDeps),
    confirmIdentity: (user, password, origin) =>
      confirmIdentity(authDeps, { userId: user.id, sessionId: user.sessionId, password, origin }),
    async authenticate(authorization: string | undefined): Promise<AuthUser> {
      try {
        const authenticated = await authenticateBearer(authDeps, authorization);
        const { user, sessionId, aal } = authenticated;
        // An account with a second factor opens nothing to a password alone (docs/decisions/016).
        if (needsStepUp(authenticated)) throw new AppError("insufficient_aal", INSUFFICIENT_AAL_MESSAGE);
        return {
          id: user.id,
          email: user.email,
          role: user.role,
          sessionId,
          aal,
          isAdmin: await isAdminAccount(deps, user),
        };
      } catch (err) {
        if (err instanceof GoTrueError) throw new AppError("unauthorized", friendlyMessage(err.errorCode, err.message));
        throw err;
      }
    },
  };
}

/**
 * The admin rule, the only one (docs/decisions/019): the address is in ADMIN_EMAILS AND its owner
 * proved they read that mailbox by following a link we sent to it (sign-up confirmation, password
 * reset or e-mail change). A confirmed flag alone is not enough: with AUTH_AUTOCONFIRM every
 * account is "confirmed", so whoever registered the address first would be admin. With
 * autoconfirm, an admin proves the address once with "Forgot password".
 */
export async function isAdminAccount(
  deps: { config: Config; db: Db },
  user: { id: string; email: string; emailConfirmedAt: Date | null },
): Promise<boolean> {
  if (user.emailConfirmedAt === null || !deps.config.ADMIN_EMAILS.includes(user.email.toLowerCase())) return false;
  return followedLinkTo(deps.db, user);
}

function friendlyMessage(code: string, message: string): string {
  if (code === "no_authorization") return "Please sign in: this request carries no access token.";
  if (code === "session_not_found") return "This session has ended (signed out). Please sign in again.";
  if (code === "user_banned") return "This account is blocked.";
  if (message.includes("expired")) return "Your access token has expired. Please sign in again or refresh the session.";
  return "Your access token is not valid. Please sign in again.";
}
