import { describeAge, formatUtcMoment } from "@trigger-switch/contracts";
import { linkStopsWorking } from "../mail/link-expiry.ts";
import { escapeHtml } from "../mail/layout.ts";
import type { Mail } from "../mail/mailer.ts";
import type { EmergencyContext } from "./load-emergency-context.ts";
import { coordinate, mapLink } from "./map-link.ts";

interface Section {
  label: string;
  lines: string[];
  /** A link shown under the lines (clickable in the HTML part). */
  link?: { label: string; url: string };
}

/**
 * The recipient's mail of an emergency (docs/decisions/008). Unlike a timed release, it carries
 * what a person needs to act within minutes without opening anything: who, that it is an
 * emergency, when (UTC, spelled out), where (place, coordinates, map link, or a plain "no current
 * location"), the message itself, and what to do. The access link brings attachments and the rest.
 *
 * With an unlock delay the owner chose, the mail carries nothing of the message until it opens —
 * not its title, not its text, not the place shared with it (docs/decisions/011): a mail cannot be
 * called back, and the delay is the owner's chance to withdraw a false alarm. The alarm itself
 * (who pressed, when, what to do) still goes at once.
 */
export function renderEmergencyMail({
  to,
  ownerName,
  title,
  emergency,
  opensAt,
  expiresAt = null,
  link,
}: {
  to: string;
  ownerName: string;
  title: string;
  emergency: EmergencyContext;
  /** When an unlock delay keeps the message closed; null when it opens at once. */ opensAt: Date | null;
  /** When the link stops working; null when the owner set no end (then nothing is said of one). */
  expiresAt?: Date | null;
  link: string;
}): Mail {
  const when = formatUtcMoment(emergency.triggeredAt);
  const sections: Section[] = [
    { label: "WHEN", lines: [when] },
    ...(opensAt
      ? [
          {
            label: "THEIR MESSAGE",
            lines: [
              `${ownerName} chose to have their message open only after a delay: it opens on ${formatUtcMoment(opensAt)}. Use the link below to read it then.`,
              "Until then this alert carries nothing of it, not even where they are. Do not assume they are at any place you knew of before.",
            ],
          },
        ]
      : [
          whereSection(emergency),
          {
            label: "THEIR MESSAGE",
            lines: [`"${title}"`, ...emergencyTextLines(emergency, ownerName)],
          },
        ]),
    {
      label: "WHAT TO DO",
      lines: [
        `Try to reach ${ownerName} now. If you believe they are in danger and you cannot reach them, call the emergency services where they are (for example 112 in Europe, 999 in the UK, 911 in North America) and give them the time and place above.`,
        "Trigger Switch cannot contact the emergency services for you.",
      ],
    },
  ];
  const heading = `EMERGENCY alert from ${ownerName}`;
  const intro = `${ownerName} pressed the emergency button in Trigger Switch on ${when} and chose you to be alerted at once.`;
  const footer = [
    ...(expiresAt ? [linkStopsWorking(formatUtcMoment(expiresAt))] : []),
    "This link is personal to you; please do not forward it.",
    "— Trigger Switch",
  ];

  const text = [
    heading,
    "",
    intro,
    "",
    ...sections.flatMap((s) => [`${s.label}:`, ...s.lines, ...(s.link ? [`${s.link.label}: ${s.link.url}`] : []), ""]),
    `Open the alert and any attachments: ${link}`,
    "",
    ...footer,
  ].join("\n");

  const p = (s: string) => `<p style="margin:4px 0">${escapeHtml(s)}</p>`;
  const a = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:560px">
<h2 style="color:#b91c1c">${escapeHtml(heading)}</h2>
${p(intro)}
${sections.map((s) => `<h3 style="margin:16px 0 4px;font-size:15px">${escapeHtml(s.label)}</h3>\n${s.lines.map(p).join("\n")}${s.link ? `\n<p style="margin:4px 0">${a(s.link.url, s.link.label)}</p>` : ""}`).join("\n")}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#b91c1c;color:#fff;border-radius:6px;text-decoration:none">Open the alert</a></p>
<p style="font-size:12px;color:#555">Or paste this address into your browser: ${escapeHtml(link)}</p>
${footer.map((f) => `<p style="font-size:12px;color:#555">${escapeHtml(f)}</p>`).join("\n")}
</body></html>`;
  return { to, subject: heading, text, html };
}

function whereSection(emergency: EmergencyContext): Section {
  const loc = emergency.location;
  if (!loc) {
    return {
      label: "WHERE",
      lines: [
        "No current location was available when the alert was sent. Do not assume they are at any place you knew of before.",
      ],
    };
  }
  const age = emergency.triggeredAt.getTime() - loc.locatedAt.getTime();
  const captured = age >= 0 ? `${describeAge(age)} before the alert` : `${describeAge(-age)} after the alert`;
  const accuracy =
    loc.accuracyM !== null
      ? `, accurate to about ${Math.max(1, Math.round(loc.accuracyM)).toLocaleString("en")} m`
      : "";
  return {
    label: "WHERE",
    lines: [
      loc.name ?? "Place name unknown",
      `Coordinates (latitude, longitude): ${coordinate(loc.latitude)}, ${coordinate(loc.longitude)}${accuracy}`,
      `Position captured by their device ${captured} (${formatUtcMoment(loc.locatedAt)}).`,
    ],
    link: { label: "Open on a map", url: mapLink(loc.latitude, loc.longitude) },
  };
}

/** The text as the owner wrote it; a sealed message's text is not known here, so the mail says how to open it. */
function emergencyTextLines(emergency: EmergencyContext, ownerName: string): string[] {
  if (emergency.sealed)
    return [
      `${ownerName} sealed this message with a passphrase, so this e-mail cannot carry it. Open the link below and enter the passphrase ${ownerName} gave you.`,
    ];
  return emergency.text.trim() ? emergency.text.split(/\r?\n/) : ["(no text)"];
}
