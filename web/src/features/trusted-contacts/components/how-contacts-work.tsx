import {
  EyeOff,
  HeartHandshake,
  KeyRound,
  Mail,
  MessageCircleQuestion,
  Siren,
  ToggleRight,
  type LucideIcon,
} from "lucide-react";
import { useChannelsInfo } from "@/features/channels";
import { contactPhoneChannels, orList } from "../utils/contact-channels";
import { ANSWER_LABELS } from "../utils/contact-words";

/**
 * What a trusted contact does today, for the owner (docs/decisions/041 as built): asked on the
 * channel they were invited on before a timed condition sends, one hold postpones, enough
 * "release" answers send at once, no answer sends at the window's end; they see the first name
 * and the question only; chosen per condition; never for the emergency button; and, per message,
 * the contacts allowed to ask for it.
 */
export function HowContactsWork({ firstName }: { firstName: string | null }) {
  // Until this server's channels are known, nothing is said of how contacts are reached.
  const info = useChannelsInfo().data;
  const phone = contactPhoneChannels(info);
  const askedBy = !info ? "" : phone.length > 0 ? " the way each was invited" : " by e-mail";
  const reachedBy = !info
    ? ""
    : phone.length > 0
      ? `Your contacts are invited and asked by ${orList(["email", ...phone])}, whichever you choose when you invite them; on ${orList(phone)} they can answer a question by replying HOLD or RELEASE. `
      : `Your contacts are invited and asked by e-mail: this server does not reach them by WhatsApp or SMS. `;
  const points: { icon: LucideIcon; text: string }[] = [
    {
      icon: MessageCircleQuestion,
      text: `Before a message goes out because you stopped checking in, the contacts you chose for that condition are asked${askedBy}: “Have you been in touch with ${firstName || "you"} since …?”`,
    },
    {
      icon: HeartHandshake,
      text: `One “${ANSWER_LABELS.hold}” postpones it by the hold period you set, and you are told who held it. “${ANSWER_LABELS.release}” from as many of them as you choose sends it at once. If nobody answers in time, it goes out.`,
    },
    {
      icon: EyeOff,
      text: "They see only your first name and that question: never your messages, their titles or who they go to, unless a message is sent to them on their request (below). They need no account.",
    },
    {
      icon: KeyRound,
      text: "You can also let a contact ask for a message, on that message's page. If they ask, you are alerted at once by e-mail (and on WhatsApp or SMS where your reminders go) and on your dashboard, and can deny. If you do not deny within the waiting period you chose, that message is sent to them alone. Until then they see only its number (“Message 1”), never its title.",
    },
    {
      icon: ToggleRight,
      text: "You choose on each condition of a message whether to ask them: open the message and turn on “Ask trusted contacts first”.",
    },
    { icon: Siren, text: "The emergency button never waits for anyone." },
    {
      icon: Mail,
      text: `${reachedBy}Your last alert before a release, and a request for access, also reach you on WhatsApp or SMS if your reminders go there.`,
    },
  ];
  return (
    <ul aria-label="How trusted contacts work" className="flex flex-col gap-3 text-left text-sm">
      {points.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-start gap-3">
          <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
