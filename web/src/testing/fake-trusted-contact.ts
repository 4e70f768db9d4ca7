import {
  ACCESS_REQUEST_COOLDOWN_MS,
  ACCESS_WAITING_HOURS,
  type ContactAccessMessage,
  type ContactAnswerResult,
  type ContactInvitation,
  type ContactPage,
  type ContactQuestion,
} from "@trigger-switch/contracts";
import { checkedRoutes, trustedContactContract, type Refusal } from "./api-contract";

/** The links a trusted contact holds in these tests; any other token is unknown (404). */
export const INVITATION_TOKEN = "invitation-token-123";
export const QUESTION_TOKEN = "question-token-456";
/** The contact's own page: given once by the answer that accepts the invitation. */
export const PAGE_TOKEN = "page-token-789";

const HOUR = 3_600_000;

export function makeInvitation(overrides: Partial<ContactInvitation> = {}): ContactInvitation {
  return {
    owner_first_name: "Ada",
    channel: "email",
    status: "open",
    expires_at: new Date(Date.now() + 14 * 24 * HOUR).toISOString(),
    page_token: null,
    ...overrides,
  };
}

export function makeQuestion(overrides: Partial<ContactQuestion> = {}): ContactQuestion {
  return {
    owner_first_name: "Ada",
    since: new Date(Date.now() - 3 * 24 * HOUR).toISOString(),
    ends_at: new Date(Date.now() + 40 * HOUR).toISOString(),
    status: "open",
    your_answer: null,
    release_answers: 0,
    release_answers_needed: 1,
    ...overrides,
  };
}

export function makeContactPage(overrides: Partial<ContactPage> = {}): ContactPage {
  return {
    owner_first_name: "Ada",
    channel: "email",
    state: "active",
    since: new Date(Date.now() - 30 * 24 * HOUR).toISOString(),
    access: [],
    ...overrides,
  };
}

/** One message the contact may ask for (numbered, never titled), with no request yet. */
export function makeAccessMessage(overrides: Partial<ContactAccessMessage> = {}): ContactAccessMessage {
  return {
    number: 1,
    waiting_hours: ACCESS_WAITING_HOURS.default,
    request: null,
    can_request: true,
    can_request_from: null,
    ...overrides,
  };
}

const notFound: Refusal = { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
const conflict = (message: string): Refusal => ({ status: 409, body: { error: { code: "conflict", message } } });

/**
 * The public routes of a trusted contact's links (docs/decisions/041) over one invitation, one
 * question and one contact page, held to their contract. They behave as the decision says: the
 * first answer counts (the same again is `already_recorded`, another `conflicting`), a hold closes
 * the question, the release answers needed release it, an answer to a closed question is `refused`,
 * accepting gives the page token once, leaving twice is fine. Asking for access asks for every
 * message that can be asked for now, each with its own waiting period (409 when none can); withdrawing
 * ends every waiting request, after which each may be asked for again only after the cooldown.
 * Null: that link is unknown (404).
 */
export function createFakeTrustedContact(
  initial: {
    invitation?: ContactInvitation | null;
    question?: ContactQuestion | null;
    page?: ContactPage | null;
  } = {},
) {
  const state = {
    invitation: initial.invitation === undefined ? makeInvitation() : initial.invitation,
    question: initial.question === undefined ? makeQuestion() : initial.question,
    page: initial.page === undefined ? makeContactPage() : initial.page,
  };
  const invitationOf = (token: string) => (token === INVITATION_TOKEN ? state.invitation : null);
  const questionOf = (token: string) => (token === QUESTION_TOKEN ? state.question : null);
  const pageOf = (token: string) => (token === PAGE_TOKEN ? state.page : null);

  const routes = checkedRoutes(trustedContactContract, {
    "POST /api/contact/invitation/lookup": ({ body }) => {
      const invitation = invitationOf(body.token);
      return invitation ? { body: invitation } : notFound;
    },
    "POST /api/contact/invitation": ({ body }) => {
      const invitation = invitationOf(body.token);
      if (!invitation) return notFound;
      if (invitation.status !== "open") return { body: invitation };
      if (body.answer === "decline") {
        state.invitation = { ...invitation, status: "declined", expires_at: null };
        return { body: state.invitation };
      }
      state.invitation = { ...invitation, status: "accepted", expires_at: null };
      state.page = makeContactPage({ owner_first_name: invitation.owner_first_name, since: new Date().toISOString() });
      return { body: { ...state.invitation, page_token: PAGE_TOKEN } };
    },
    "POST /api/contact/question/lookup": ({ body }) => {
      const question = questionOf(body.token);
      return question ? { body: question } : notFound;
    },
    "POST /api/contact/question": ({ body }) => {
      const question = questionOf(body.token);
      if (!question) return notFound;
      const result = (outcome: ContactAnswerResult["outcome"], question: ContactQuestion) => ({
        body: { outcome, question },
      });
      if (question.your_answer === body.answer) return result("already_recorded", question);
      if (question.status !== "open") return result("refused", question);
      if (question.your_answer) return result("conflicting", question);
      const releases = question.release_answers + (body.answer === "release" ? 1 : 0);
      const next: ContactQuestion = {
        ...question,
        your_answer: body.answer,
        release_answers: releases,
        status: body.answer === "hold" ? "held" : releases >= question.release_answers_needed ? "released" : "open",
      };
      state.question = next;
      return result("recorded", next);
    },
    "POST /api/contact/page/lookup": ({ body }) => {
      const page = pageOf(body.token);
      return page ? { body: page } : notFound;
    },
    "POST /api/contact/leave": ({ body }) => {
      const page = pageOf(body.token);
      if (!page) return notFound;
      if (page.state === "active") state.page = { ...page, state: "left" };
      return { body: state.page! };
    },
    "POST /api/contact/access/request": ({ body }) => {
      const page = pageOf(body.token);
      if (!page) return notFound;
      if (page.state !== "active" || !page.access.some((m) => m.can_request))
        return conflict("There is no message you can ask for now.");
      const now = Date.now();
      state.page = {
        ...page,
        access: page.access.map((m) =>
          m.can_request
            ? {
                ...m,
                request: {
                  state: "waiting",
                  requested_at: new Date(now).toISOString(),
                  grants_at: new Date(now + m.waiting_hours * HOUR).toISOString(),
                  decided_at: null,
                  revoked_at: null,
                },
                can_request: false,
                can_request_from: null,
              }
            : m,
        ),
      };
      return { body: state.page };
    },
    "POST /api/contact/access/withdraw": ({ body }) => {
      const page = pageOf(body.token);
      if (!page) return notFound;
      const now = Date.now();
      state.page = {
        ...page,
        access: page.access.map((m) =>
          m.request?.state === "waiting"
            ? {
                ...m,
                request: { ...m.request, state: "withdrawn", decided_at: new Date(now).toISOString() },
                can_request: false,
                can_request_from: new Date(now + ACCESS_REQUEST_COOLDOWN_MS).toISOString(),
              }
            : m,
        ),
      };
      return { body: state.page };
    },
  });
  return { routes, state };
}
