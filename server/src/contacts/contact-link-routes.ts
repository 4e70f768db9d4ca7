import {
  accessDenyBodySchema,
  accessDenyViewSchema,
  contactAccessRequestBodySchema,
  contactAnswerResultSchema,
  contactInvitationSchema,
  contactPageSchema,
  contactQuestionSchema,
  contactTokenBodySchema,
  invitationAnswerBodySchema,
  questionAnswerBodySchema,
  type ContactAnswerResult,
} from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../app-deps.ts";
import { tokenRateLimit } from "../access/token-rate-limit.ts";
import { configuredPhoneChannels } from "../channels/configured-phone-channels.ts";
import { AppError } from "../errors.ts";
import { answerInvitation, leaveAsContact } from "./answer-invitation.ts";
import { answerQuestion } from "./answer-question.ts";
import { denyByLink, lookupDenyLink } from "./decide-access-request.ts";
import {
  invitationAnswerView,
  lookupContactPage,
  lookupInvitation,
  lookupQuestion,
  questionAnswerOutcome,
} from "./contact-views.ts";
import { requestAccess, withdrawAccessRequests } from "./request-access.ts";

const tags = ["trusted contacts"];

const unknownLink = () =>
  new AppError("not_found", "This link does not work: it may be mistyped, or the account it belonged to was deleted.");

/**
 * Public: a trusted contact's links (invitation, question, their page). The token travels in the
 * body, never the path (docs/decisions/011). Limited per IP (the plugin) and per token, like a
 * recipient's links; looking up never changes anything, and answers say "no-store".
 */
export const contactLinkRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, masterKeys } = deps;
  const siteUrl = deps.config.SITE_URL;
  // The messaging providers this server has, for the owner's alert of a request for access.
  const phoneChannels = configuredPhoneChannels(deps.config);
  const perToken = tokenRateLimit({ max: 30, windowMs: 60_000 });
  const config = { rateLimit: { max: 30, timeWindow: "1 minute" } };
  app.addHook("preHandler", async (req, reply) => {
    perToken((req.body as { token?: string } | undefined)?.token);
    void reply.header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer");
  });
  const found = <T>(value: T | null): T => {
    if (value === null) throw unknownLink();
    return value;
  };
  const contactPage = async (token: string) => found(await lookupContactPage({ db, clock, token }));

  app.post(
    "/contact/invitation/lookup",
    {
      config,
      schema: {
        tags,
        summary: "What an invitation link says (changes nothing)",
        body: contactTokenBodySchema,
        response: { 200: contactInvitationSchema },
      },
    },
    async (req) => found(await lookupInvitation({ db, clock, token: req.body.token })),
  );

  app.post(
    "/contact/invitation",
    {
      config,
      schema: {
        tags,
        summary: "Accept or decline an invitation",
        body: invitationAnswerBodySchema,
        response: { 200: contactInvitationSchema },
      },
    },
    async (req) => {
      const outcome = await answerInvitation({
        db,
        clock,
        masterKeys,
        siteUrl,
        token: req.body.token,
        answer: req.body.answer,
      });
      if (outcome.kind === "unknown") throw unknownLink();
      return invitationAnswerView(outcome);
    },
  );

  app.post(
    "/contact/question/lookup",
    {
      config,
      schema: {
        tags,
        summary: "A question to a trusted contact, as it stands (changes nothing)",
        body: contactTokenBodySchema,
        response: { 200: contactQuestionSchema },
      },
    },
    async (req) => found(await lookupQuestion({ db, clock, token: req.body.token })),
  );

  app.post(
    "/contact/question",
    {
      config,
      schema: {
        tags,
        summary: "Answer a question: hold (they are OK) or release (I cannot reach them)",
        body: questionAnswerBodySchema,
        response: { 200: contactAnswerResultSchema },
      },
    },
    async (req): Promise<ContactAnswerResult> => {
      const { token, answer } = req.body;
      const outcome = await answerQuestion({ db, clock, masterKeys, siteUrl, token, answer });
      if (outcome.kind === "unknown") throw unknownLink();
      return { outcome: questionAnswerOutcome(outcome), question: found(await lookupQuestion({ db, clock, token })) };
    },
  );

  app.post(
    "/contact/page/lookup",
    {
      config,
      schema: {
        tags,
        summary: "A trusted contact's own page",
        body: contactTokenBodySchema,
        response: { 200: contactPageSchema },
      },
    },
    async (req) => contactPage(req.body.token),
  );

  app.post(
    "/contact/leave",
    {
      config,
      schema: {
        tags,
        summary: "Step down as a trusted contact",
        body: contactTokenBodySchema,
        response: { 200: contactPageSchema },
      },
    },
    async (req) => {
      const outcome = await leaveAsContact({ db, clock, pageToken: req.body.token });
      if (outcome.kind === "unknown") throw unknownLink();
      return contactPage(req.body.token);
    },
  );

  app.post(
    "/contact/access/request",
    {
      config,
      schema: {
        tags,
        summary: "Ask for access to every message you may ask for now (the owner is alerted at once)",
        body: contactAccessRequestBodySchema,
        response: { 200: contactPageSchema },
      },
    },
    async (req) => {
      const { token, reason } = req.body;
      const outcome = await requestAccess({ db, clock, masterKeys, siteUrl, phoneChannels, pageToken: token, reason });
      if (outcome.kind === "unknown") throw unknownLink();
      return contactPage(token);
    },
  );

  app.post(
    "/contact/access/withdraw",
    {
      config,
      schema: {
        tags,
        summary: "Withdraw your waiting requests for access",
        body: contactTokenBodySchema,
        response: { 200: contactPageSchema },
      },
    },
    async (req) => {
      const outcome = await withdrawAccessRequests({ db, clock, masterKeys, pageToken: req.body.token });
      if (outcome.kind === "unknown") throw unknownLink();
      return contactPage(req.body.token);
    },
  );

  app.post(
    "/access-requests/deny/lookup",
    {
      config,
      schema: {
        tags,
        summary: "What the owner's Deny link is about (changes nothing)",
        body: accessDenyBodySchema,
        response: { 200: accessDenyViewSchema },
      },
    },
    async (req) => found(await lookupDenyLink({ db, masterKeys, token: req.body.token })),
  );

  app.post(
    "/access-requests/deny",
    {
      config,
      schema: {
        tags,
        summary: "The owner's one-tap Deny of a request for access (no sign-in: the link is the proof)",
        body: accessDenyBodySchema,
        response: { 200: accessDenyViewSchema },
      },
    },
    async (req) => found(await denyByLink({ db, clock, masterKeys, token: req.body.token })),
  );
};
