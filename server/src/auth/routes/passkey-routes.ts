import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AuthDeps } from "../auth-deps.ts";
import { authenticateBearer } from "../flows/authenticate-bearer.ts";
import { finishPasskeyRegistration } from "../passkeys/finish-passkey-registration.ts";
import { listPasskeys } from "../passkeys/list-passkeys.ts";
import { removePasskey } from "../passkeys/remove-passkey.ts";
import { renamePasskey } from "../passkeys/rename-passkey.ts";
import { signInWithPasskey } from "../passkeys/sign-in-with-passkey.ts";
import { startPasskeyRegistration } from "../passkeys/start-passkey-registration.ts";
import { startPasskeySignIn } from "../passkeys/start-passkey-sign-in.ts";
import { bodyOf, clientInfo, rateLimit } from "./request-helpers.ts";

const security = [{ bearer: [] }];
const params = z.object({ passkeyId: z.string().max(100) });
/** The browser's credential JSON; its fields are checked by the operations, which say what is wrong. */
const answer = z.object({ challenge_id: z.string().max(100), credential: z.looseObject({}) });
const limit = (max: number) => rateLimit({ max, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" });

/**
 * The passkey calls of auth-js (`registerPasskey`, `signInWithPasskey`, `passkey.*`), GoTrue's
 * shapes. Passkeys are webauthn factors underneath (docs/decisions/040).
 */
export function passkeyRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.post(
    "/passkeys/registration/options",
    { config: limit(20), schema: { tags: ["auth"], summary: "Start adding a passkey", security } },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return startPasskeyRegistration(deps, { auth, origin: clientInfo(req) });
    },
  );

  app.post(
    "/passkeys/registration/verify",
    {
      config: limit(30),
      schema: {
        tags: ["auth"],
        summary: "Finish adding a passkey with the browser's new credential",
        security,
        body: answer,
      },
    },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return finishPasskeyRegistration(deps, { auth, body: bodyOf(req), origin: clientInfo(req) });
    },
  );

  app.post(
    "/passkeys/authentication/options",
    {
      config: limit(30),
      schema: {
        tags: ["auth"],
        summary: "Start a passwordless sign-in with a passkey",
        body: z.looseObject({}).nullish(),
      },
    },
    async () => startPasskeySignIn(deps),
  );

  app.post(
    "/passkeys/authentication/verify",
    {
      config: limit(30),
      schema: { tags: ["auth"], summary: "Sign in with a passkey's answer; the session is aal2", body: answer },
    },
    async (req) => signInWithPasskey(deps, { body: bodyOf(req), origin: clientInfo(req) }),
  );

  app.get(
    "/passkeys",
    { config: limit(60), schema: { tags: ["auth"], summary: "The account's passkeys", security } },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return listPasskeys(deps.db, auth.user.id);
    },
  );

  app.patch(
    "/passkeys/:passkeyId",
    {
      config: limit(30),
      schema: {
        tags: ["auth"],
        summary: "Rename a passkey (aal2)",
        security,
        params,
        body: z.object({ friendly_name: z.string().max(1000) }),
      },
    },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      const { passkeyId } = req.params as { passkeyId: string };
      return renamePasskey(deps, { auth, id: passkeyId, body: bodyOf(req), origin: clientInfo(req) });
    },
  );

  app.delete(
    "/passkeys/:passkeyId",
    { config: limit(30), schema: { tags: ["auth"], summary: "Remove a passkey (aal2)", security, params } },
    async (req, reply) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      const { passkeyId } = req.params as { passkeyId: string };
      await removePasskey(deps, { auth, id: passkeyId, origin: clientInfo(req) });
      return reply.status(204).send();
    },
  );
}
