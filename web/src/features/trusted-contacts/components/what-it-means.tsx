import { EyeOff, HeartHandshake, LogOut, MessageCircleQuestion, type LucideIcon } from "lucide-react";

/**
 * What being a trusted contact means, in the invitation and on the contact's own page. Only what the
 * product does: a contact may be asked before a release that follows missed check-ins (never for
 * the emergency button), one hold is enough, and a contact sees nothing of the messages (unless the
 * owner lets them ask for one, and does not say no in time).
 */
export function WhatItMeans({
  name,
  stepDown,
  mayAsk = false,
}: {
  name: string;
  stepDown: string;
  /** The owner lets them ask for a message (their own page says how, below). Default: false. */
  mayAsk?: boolean;
}) {
  const points: { icon: LucideIcon; text: string }[] = [
    {
      icon: MessageCircleQuestion,
      text: `Before what ${name} prepared for their family and friends is sent because they stopped checking in, you may be asked whether they are all right.`,
    },
    {
      icon: HeartHandshake,
      text: `One “They're OK” from you holds it for now, and ${name} is told.`,
    },
    {
      icon: EyeOff,
      text: mayAsk
        ? `Being a trusted contact shows you none of their messages: not what they say, their titles or who they go to. A message is sent to you only if you ask for it and ${name} does not say no in time.`
        : "Being a trusted contact shows you none of their messages: not what they say, their titles or who they go to.",
    },
    { icon: LogOut, text: stepDown },
  ];
  return (
    <ul aria-label="What it means" className="flex flex-col gap-3 text-left text-sm">
      {points.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-start gap-3">
          <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
