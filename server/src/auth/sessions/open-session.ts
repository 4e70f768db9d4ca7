import { eq } from "drizzle-orm";
import { sessions } from "../../db/schema.ts";
import type { AuthDeps, Tx } from "../auth-deps.ts";
import { describeDevice } from "../security/describe-device.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { securityMail } from "../security/security-mail.ts";
import { createSignInAlert } from "../security/sign-in-alert.ts";
import { sessionResponse, type SessionResponse } from "./session-response.ts";
import { startSession, type SessionRow } from "./start-session.ts";

/**
 * A sign-in, whatever proved it (password, e-mailed link, OpenID provider): opens the session,
 * writes the security log, and when the browser and system were never seen on this account
 * before (and it is not the account's first sign-in) returns a notice to mail after commit.
 */
export async function openSession(
  deps: AuthDeps,
  tx: Tx,
  input: {
    userId: string;
    email: string;
    method: string;
    origin: RequestOrigin;
    aal?: "aal1" | "aal2";
    /** More for the security log's entry (a passkey's name), beside the method. */
    detail?: Record<string, string>;
  },
): Promise<{ session: SessionRow; response: SessionResponse; notify: () => void }> {
  const device = describeDevice(input.origin.userAgent);
  const earlier = await tx
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, input.userId));
  const started = await startSession({
    db: tx,
    clock: deps.clock,
    userId: input.userId,
    method: input.method,
    aal: input.aal,
    userAgent: input.origin.userAgent,
    ip: input.origin.ip,
  });
  await recordSecurityEvent({
    db: tx,
    clock: deps.clock,
    userId: input.userId,
    kind: "sign_in",
    origin: input.origin,
    detail: { ...input.detail, method: input.method },
  });
  const response = await sessionResponse({
    deps,
    db: tx,
    userId: input.userId,
    session: started.session,
    refreshToken: started.refreshToken,
  });

  const newDevice = earlier.length > 0 && !earlier.some((s) => describeDevice(s.userAgent) === device);
  const at = deps.clock.now();
  // The mail's "This wasn't me" link names this session (docs/decisions/026).
  const reportUrl = newDevice
    ? await createSignInAlert(deps, tx, {
        userId: input.userId,
        sessionId: started.session.id,
        device,
        ip: input.origin.ip,
      })
    : null;
  const notify = () => {
    if (!reportUrl) return;
    deps.background.run("new device notice", () =>
      deps.mailer.send(
        securityMail(
          input.email,
          { kind: "new_device", device, ip: input.origin.ip, at, reportUrl },
          deps.config.SITE_URL,
        ),
      ),
    );
  };
  return { session: started.session, response, notify };
}
