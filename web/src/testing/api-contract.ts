import {
  accessDenyBodySchema,
  accessDenyViewSchema,
  accessPermissionsInputSchema,
  accessPermissionsSchema,
  activeConfirmationSchema,
  apiErrorSchema,
  fieldMessage,
  validationMessage,
  attachmentSchema,
  channelsInfoSchema,
  checkInAnswerSchema,
  conditionConfirmationInputSchema,
  conditionConfirmationSchema,
  conditionCreateSchema,
  conditionSchema,
  conditionUpdateSchema,
  contactAccessRequestBodySchema,
  contactAnswerResultSchema,
  contactInvitationSchema,
  contactPageSchema,
  contactQuestionSchema,
  contactTokenBodySchema,
  invitationAnswerBodySchema,
  messageCreateSchema,
  messageListItemSchema,
  messageRecipientsSchema,
  messageSaveSchema,
  messageSchema,
  messageUpdateSchema,
  ownerAccessRequestSchema,
  ownerChannelsSchema,
  ownerReleaseSchema,
  profileSchema,
  pushDeviceSchema,
  questionAnswerBodySchema,
  pushDevicesSchema,
  pushInfoSchema,
  recipientCreateSchema,
  recipientDeletedSchema,
  recipientSchema,
  recipientUpdateSchema,
  registeredPushDeviceSchema,
  registerPushDeviceBodySchema,
  renamePushDeviceBodySchema,
  trustedContactInviteSchema,
  trustedContactSchema,
} from "@trigger-switch/contracts";
import { z } from "zod";

/**
 * What one route of the real server takes and answers: the schemas its definition under
 * server/src/<area>/routes.ts names (`body`, `response`), imported from the same contracts.
 */
export interface RouteContract {
  /** The JSON body's schema. None: the route takes no JSON body (or multipart). */
  request?: z.ZodType;
  /** Its success status and answer; `null`: 204 with no body. */
  status?: 200 | 201 | 204;
  response: z.ZodType | null;
}

/** A fake route: the request as the fake fetch saw it, and the answer to give (web/src/testing/fakes.ts). */
export type Handler = (request: {
  method: string;
  path: string;
  body: unknown;
  params: Record<string, string>;
  /** The bearer token the request carried (null: none); absent where a test calls a handler itself. */
  token?: string | null;
}) => {
  status?: number;
  body: unknown;
};

/** The workspace routes the fake answers (web/src/testing/fake-workspace.ts). */
export const workspaceContract = {
  "GET /api/recipients": { response: z.array(recipientSchema) },
  "POST /api/recipients": { request: recipientCreateSchema, status: 201, response: recipientSchema },
  "PATCH /api/recipients/:id": { request: recipientUpdateSchema, response: recipientSchema },
  "DELETE /api/recipients/:id": { response: recipientDeletedSchema },
  "GET /api/messages": { response: z.array(messageListItemSchema) },
  "POST /api/messages": { request: messageCreateSchema, status: 201, response: messageSchema },
  "POST /api/messages/save": { request: messageSaveSchema, status: 201, response: messageSchema },
  "PUT /api/messages/:id": { request: messageSaveSchema, response: messageSchema },
  "GET /api/messages/:id": { response: messageSchema },
  "PATCH /api/messages/:id": { request: messageUpdateSchema, response: messageSchema },
  "DELETE /api/messages/:id": { status: 204, response: null },
  "PUT /api/messages/:id/recipients": { request: messageRecipientsSchema, response: messageSchema },
  "POST /api/messages/:id/conditions": { request: conditionCreateSchema, status: 201, response: conditionSchema },
  "PATCH /api/conditions/:id": { request: conditionUpdateSchema, response: conditionSchema },
  "DELETE /api/conditions/:id": { status: 204, response: null },
  "POST /api/conditions/:id/arm": { response: conditionSchema },
  "POST /api/conditions/:id/disarm": { response: conditionSchema },
  "GET /api/conditions": { response: z.array(conditionSchema) },
  "POST /api/check-in": { response: checkInAnswerSchema },
  "POST /api/messages/:id/attachments": { status: 201, response: attachmentSchema },
  "GET /api/releases": { response: z.array(ownerReleaseSchema) },
} as const satisfies Record<string, RouteContract>;

/** The signed-in basics renderApp answers unless a test overrides them (web/src/testing/render-app.tsx). */
export const sessionContract = {
  "GET /api/profile": { response: profileSchema },
  "GET /api/channels": { response: channelsInfoSchema },
  "GET /api/profile/channels": { response: ownerChannelsSchema },
} as const satisfies Record<string, RouteContract>;

/** The owner's push devices (web/src/testing/fake-push.ts), as server/src/push's routes take and answer them. */
export const pushContract = {
  "GET /api/push": { response: pushInfoSchema },
  "GET /api/push/devices": { response: pushDevicesSchema },
  "POST /api/push/devices": {
    request: registerPushDeviceBodySchema,
    status: 201,
    response: registeredPushDeviceSchema,
  },
  "PATCH /api/push/devices/:id": { request: renamePushDeviceBodySchema, response: pushDeviceSchema },
  "DELETE /api/push/devices/:id": { status: 204, response: null },
  "POST /api/push/devices/:id/test": { response: pushDeviceSchema },
} as const satisfies Record<string, RouteContract>;

/**
 * A trusted contact's links (web/src/testing/fake-trusted-contact.ts), public and rate-limited, as
 * docs/decisions/041's routes take and answer them: the token in the body, an unknown link a 404.
 */
export const trustedContactContract = {
  "POST /api/contact/invitation/lookup": { request: contactTokenBodySchema, response: contactInvitationSchema },
  "POST /api/contact/invitation": { request: invitationAnswerBodySchema, response: contactInvitationSchema },
  "POST /api/contact/question/lookup": { request: contactTokenBodySchema, response: contactQuestionSchema },
  "POST /api/contact/question": { request: questionAnswerBodySchema, response: contactAnswerResultSchema },
  "POST /api/contact/page/lookup": { request: contactTokenBodySchema, response: contactPageSchema },
  "POST /api/contact/leave": { request: contactTokenBodySchema, response: contactPageSchema },
  "POST /api/contact/access/request": { request: contactAccessRequestBodySchema, response: contactPageSchema },
  "POST /api/contact/access/withdraw": { request: contactTokenBodySchema, response: contactPageSchema },
} as const satisfies Record<string, RouteContract>;

/**
 * The owner's trusted contacts and each condition's confirm before release (web/src/testing/fake-owner-contacts.ts),
 * as server/src/contacts/routes.ts (ownerContactRoutes) takes and answers them.
 */
export const ownerContactsContract = {
  "GET /api/trusted-contacts": { response: z.array(trustedContactSchema) },
  "POST /api/trusted-contacts": { request: trustedContactInviteSchema, status: 201, response: trustedContactSchema },
  "DELETE /api/trusted-contacts/:id": { response: z.object({ success: z.literal(true) }) },
  "GET /api/conditions/:id/confirmation": { response: conditionConfirmationSchema },
  "PUT /api/conditions/:id/confirmation": {
    request: conditionConfirmationInputSchema,
    response: conditionConfirmationSchema,
  },
  // Emergency access on request: the owner's requests, a message's permissions, and the mailed Deny link (public).
  "GET /api/confirmations": { response: z.array(activeConfirmationSchema) },
  "GET /api/access-requests": { response: z.array(ownerAccessRequestSchema) },
  "POST /api/access-requests/:id/deny": { response: ownerAccessRequestSchema },
  "POST /api/access-requests/:id/revoke": { response: ownerAccessRequestSchema },
  "GET /api/messages/:id/access-permissions": { response: accessPermissionsSchema },
  "PUT /api/messages/:id/access-permissions": {
    request: accessPermissionsInputSchema,
    response: accessPermissionsSchema,
  },
  "POST /api/access-requests/deny/lookup": { request: accessDenyBodySchema, response: accessDenyViewSchema },
  "POST /api/access-requests/deny": { request: accessDenyBodySchema, response: accessDenyViewSchema },
} as const satisfies Record<string, RouteContract>;

type RequestOf<C> = C extends { request: infer S extends z.ZodType } ? z.output<S> : unknown;
type AnswerOf<C> = C extends { response: infer S extends z.ZodType } ? z.input<S> : null;
/** An answer in the error shape every /api route uses (contracts' apiErrorSchema). */
export interface Refusal {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 422;
  body: z.input<typeof apiErrorSchema>;
}
/** A fake route's logic: given the body as the server's schema parsed it, the success answer's body, or a refusal. */
export type ContractHandler<C> = (request: {
  body: RequestOf<C>;
  params: Record<string, string>;
  raw: unknown;
}) => { body: AnswerOf<C> } | Refusal;
export type ContractHandlers<T> = { [K in keyof T]: ContractHandler<T[K]> };

/**
 * Fake routes held to the real server's contract, in both directions. A body the server's schema
 * refuses gets the server's 400 before the fake's logic runs; the fake's logic gets what the
 * schema parsed (defaults applied), as the server's handlers do. Every answer is parsed with the
 * route's response schema and sent as parsed, as the server's serializer does — and an answer
 * the real server could not give (where it would fail with a 500) is a drift: the request fails
 * and so does the test (setup.ts calls assertNoDrift after each one).
 */
export function checkedRoutes<T extends Record<string, RouteContract>>(
  contracts: T,
  handlers: ContractHandlers<T>,
): Record<string, Handler> {
  return Object.fromEntries(
    Object.entries(contracts).map(([route, contract]) => {
      const handle = handlers[route as keyof T] as unknown as ContractHandler<RouteContract>;
      const checked: Handler = ({ body, params }) => {
        let input: unknown = body;
        if (contract.request) {
          const parsed = contract.request.safeParse(body);
          if (!parsed.success) return validationFailed(parsed.error);
          input = parsed.data;
        }
        return answer(route, contract, handle({ body: input, params, raw: body }));
      };
      return [route, checked];
    }),
  );
}

function answer(
  route: string,
  contract: RouteContract,
  given: { status?: number; body: unknown },
): { status: number; body: unknown } {
  const success = contract.status ?? 200;
  const status = given.status ?? success;
  if (status >= 400) return { status, body: conform(route, status, apiErrorSchema, given.body) };
  if (status !== success) drift(route, status, `the real route answers ${success}`);
  if (contract.response === null) {
    if (given.body !== null) drift(route, status, "the real route answers with no body");
    return { status, body: null };
  }
  return { status, body: conform(route, status, contract.response, given.body) };
}

function conform(route: string, status: number, schema: z.ZodType, body: unknown): unknown {
  const parsed = schema.safeParse(body);
  if (!parsed.success) drift(route, status, z.prettifyError(parsed.error));
  return parsed.data;
}

/** The server's answer to a body its schema refuses (server/src/http/errors.ts): 400 validation_failed, a message per field. */
export function validationFailed(error: z.ZodError): Refusal {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    fields[path.join(".") || "body"] ??= fieldMessage(path, issue.message);
  }
  return {
    status: 400,
    body: { error: { code: "validation_failed", message: validationMessage(Object.values(fields)), fields } },
  };
}

export class ContractDrift extends Error {
  override name = "ContractDrift";
}

const drifts: ContractDrift[] = [];

function drift(route: string, status: number, why: string): never {
  const error = new ContractDrift(
    `The fake's ${status} answer to ${route} is one the real server could not give:\n${why}`,
  );
  // Thrown here the request fails, but the app under test may take that as a network error and
  // carry on; kept here, the test fails afterwards all the same.
  drifts.push(error);
  throw error;
}

/** The drifts since the last call, forgotten once taken. */
export function takeDrifts(): ContractDrift[] {
  return drifts.splice(0);
}

/** Fails the current test if any fake answer drifted from the contract during it. */
export function assertNoDrift(): void {
  const found = takeDrifts();
  if (found.length > 0) throw found[0];
}
