import type { ContactQuestion, DeliveryChannel } from "@trigger-switch/contracts";

/*
 * The sentences a trusted contact reads (docs/decisions/041). Each says only what the API says: a
 * contact learns the owner's first name and what is asked of them, never a message's title,
 * content or recipients, and never which contact held a release.
 */

/**
 * The owner's first name where a sentence starts with it. The server writes "the person who
 * invited you" for an owner with no first name, which must not start a sentence in lower case.
 */
export function atStart(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** How a link reached this contact ("it was also e-mailed to you"), and where to look for it. */
export const SENT_BY: Record<DeliveryChannel, { toYou: string; look: string }> = {
  email: { toYou: "e-mailed to you", look: "your e-mail" },
  sms: { toYou: "texted to you", look: "your text messages" },
  whatsapp: { toYou: "sent to you on WhatsApp", look: "WhatsApp" },
};

/** The two answers, word for word as their buttons say them. */
export const ANSWER_LABELS = {
  hold: "They're OK — hold",
  release: "I can't reach them — release",
} as const satisfies Record<NonNullable<ContactQuestion["your_answer"]>, string>;

/** "Your answer: “They're OK — hold”." */
export function yourAnswerSentence(answer: NonNullable<ContactQuestion["your_answer"]>): string {
  return `Your answer: “${ANSWER_LABELS[answer]}”.`;
}

/** Whether one more "release" answer reaches the number needed, so that it would send at once. */
export function releasesAtOnce(question: ContactQuestion): boolean {
  return question.release_answers + 1 >= question.release_answers_needed;
}

/** "1 of 2 “I can't reach them” answers needed to send it at once." */
export function releaseCountSentence(question: ContactQuestion): string {
  return `${question.release_answers} of ${question.release_answers_needed} “I can't reach them” answers needed to send it at once.`;
}

/** A question that is no longer open, in one plain sentence and a heading: how it closed, never who closed it. */
export function closedQuestionWords(
  status: Exclude<ContactQuestion["status"], "open">,
  name: string,
): { title: string; sentence: string } {
  switch (status) {
    case "held":
      return {
        title: "Nothing is sent for now",
        sentence: `A trusted contact answered that ${name} is OK, so nothing is sent for now. There is nothing more you need to do.`,
      };
    case "released":
      return {
        title: "It has been sent",
        sentence: `What ${name} prepared has been sent. There is nothing more you need to do.`,
      };
    case "closed_by_check_in":
      return {
        title: `${atStart(name)} checked in`,
        sentence: `${atStart(name)} checked in, so nothing is sent and this question is closed. There is nothing more you need to do.`,
      };
    case "superseded":
      return {
        title: "This question is closed",
        sentence: `This link is for an earlier question about ${name}, which has closed. There is nothing to answer here.`,
      };
    case "removed":
      return {
        title: `You are no longer a trusted contact of ${name}`,
        sentence: "This question is no longer yours to answer, and this link changes nothing.",
      };
  }
}
