import { cancelledDatedSentence, formatMailWhen } from "@trigger-switch/contracts";

/** Every sentence the number sends back, in one place. */
export const replies = {
  checkedIn(next: Date | null, conditions: number, timeZone: string, cancelled = 0): string {
    const said =
      conditions === 0
        ? "Checked in. Nothing is waiting for a check-in right now."
        : !next
          ? "Checked in. Your timers are reset."
          : `Checked in. Your next deadline is ${formatMailWhen(next, timeZone)}. Send any message before then to check in again.`;
    return cancelled > 0 ? `${said} ${cancelledDatedSentence(cancelled, " in the app")}` : said;
  },
  tooOld(sentAt: Date, timeZone: string): string {
    return `Your message sent on ${formatMailWhen(sentAt, timeZone)} reached us only now, more than 24 hours later, so it did not check you in. If you are OK, send a new message now.`;
  },
  status(next: Date | null, now: Date, timeZone: string): string {
    if (!next) return "Nothing is waiting for a check-in right now. (STATUS does not check you in.)";
    if (next <= now)
      return `Your deadline was ${formatMailWhen(next, timeZone)}, so your messages may be going out now. If you are OK, send any message to check in.`;
    return `Your next deadline is ${formatMailWhen(next, timeZone)}. STATUS does not check you in: send any other message to do that.`;
  },
  help(siteUrl: string): string {
    return [
      "Trigger Switch: send any text to this number to check in and reset your timers.",
      "STATUS: your next deadline, without checking in.",
      "HELP: this message.",
      "STOP: no more reminders here (messages still check you in).",
      `Your switch: ${siteUrl}/dashboard`,
    ].join("\n");
  },
  unknownSender(siteUrl: string): string {
    return `This number is not verified with Trigger Switch, so it cannot check anyone in. To use it, verify it on your profile page: ${siteUrl}/profile`;
  },
  unsupported(): string {
    return "Trigger Switch reads only text messages, so that did not check you in. Send any text to check in, STATUS for your next deadline, or HELP.";
  },
  notHandled(siteUrl: string): string {
    return `Something went wrong on our side and we could not read your message, so it did not check you in. Please check in on ${siteUrl}/dashboard, or send another message.`;
  },
  stopped(channelName: string, siteUrl: string): string {
    return `Reminders by ${channelName} are off. Texts from this number still check you in. To turn reminders back on, open your profile: ${siteUrl}/profile`;
  },
};
