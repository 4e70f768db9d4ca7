import type { TextAnswerOutcome } from "./answer-by-text.ts";
import { closureSentence, REPLY_HOLD, REPLY_RELEASE } from "./confirmation-mail.ts";
import type { Answer } from "./confirmation-stage.ts";

const said = (first: string, answer: Answer) =>
  answer === "hold" ? `that ${first} is OK` : `that you cannot reach ${first}`;

/** Every sentence the number sends back to a trusted contact (docs/decisions/041), in one place. */
export const contactReplies = {
  answered(outcome: TextAnswerOutcome): string {
    switch (outcome.kind) {
      case "none_open":
        return `Trigger Switch: no question to you is open right now, so that changed nothing. When we ask you about someone, reply ${REPLY_HOLD} if they are OK or ${REPLY_RELEASE} if you cannot reach them.`;
      case "several_open":
        return `Trigger Switch: you have been asked about ${outcome.count} people, so a reply cannot say which one you mean, and nothing changed. Please answer each with the link in its message.`;
      case "superseded":
        return `Trigger Switch: the question about ${outcome.ownerFirstName} has closed, so there is nothing to answer.`;
      case "answered": {
        const first = outcome.ownerFirstName;
        const reply = outcome.reply;
        switch (reply.kind) {
          case "recorded":
            return reply.answer === "hold"
              ? `Thank you. Your answer ${said(first, "hold")} is recorded, and nothing is sent for now.`
              : `Thank you. Your answer ${said(first, "release")} is recorded.${reply.closure ? ` ${closureSentence(first, reply.closure)}` : ""}`;
          case "already_recorded":
            return `You already answered ${said(first, reply.answer)}. Nothing changed.`;
          case "conflicting":
            return `You first answered ${said(first, reply.kept)}, and that first answer stands. If things have changed, ${first}'s other contacts may still answer.`;
          case "closed":
            return `Trigger Switch: the question about ${first} is closed. ${closureSentence(first, reply.closure)}`;
          case "not_asked":
          case "removed":
            return `Trigger Switch: you are no longer asked about ${first}, so that changed nothing.`;
        }
      }
    }
  },
  tooOld(): string {
    return `Trigger Switch: your reply reached us more than 24 hours after you sent it, so it was not counted. If you are still asked, reply ${REPLY_HOLD} or ${REPLY_RELEASE} again, or use the link in our message.`;
  },
  help(): string {
    return `This is Trigger Switch. You are someone's trusted contact: when we ask you about them, reply ${REPLY_HOLD} if they are OK or ${REPLY_RELEASE} if you cannot reach them, or use the link in our message. Reply STOP to step down.`;
  },
  stopped(): string {
    return "Trigger Switch: you have stepped down as a trusted contact and will get no more messages from us here. The person who named you can see that you stepped down.";
  },
};
