import { renderMail } from "../../mail/layout.ts";
import type { Mail } from "../../mail/mailer.ts";

export type SecurityNotice =
  | { kind: "new_device"; device: string; ip?: string; at: Date; reportUrl: string }
  | { kind: "factor_added"; factorName: string; at: Date }
  | { kind: "factor_removed"; factorName: string; at: Date }
  | { kind: "password_changed"; at: Date }
  | { kind: "recovery_codes_created"; at: Date }
  | { kind: "recovery_code_used"; remaining: number; at: Date }
  | { kind: "identity_linked"; provider: string; at: Date }
  | { kind: "account_deleted"; at: Date };

const IF_NOT_YOU =
  "If this was not you, reset your password at once from the sign-in page and end the sessions you do not recognise in your profile's Security section.";

/** The security e-mails: what happened, when (UTC, since we may not know the zone), and what to do if it was not you. */
export function securityMail(to: string, notice: SecurityNotice, siteUrl: string): Mail {
  const when = `${notice.at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const content: { subject: string; heading: string; paragraphs: string[]; action?: { label: string; url: string } } =
    (() => {
      switch (notice.kind) {
        case "new_device":
          return {
            subject: "New sign-in to your Trigger Switch account",
            heading: "A new device signed in",
            paragraphs: [
              `Your account was signed in to from ${notice.device}${notice.ip ? ` (address ${notice.ip})` : ""} at ${when}.`,
              "If this was you, there is nothing to do.",
              `If it was not you, open the link below: it signs that device out, or every device, and lets you set a new password (it works for 7 days, no sign-in needed). You can also review your sessions in your profile's Security section: ${siteUrl}/profile#security`,
            ],
            action: { label: "This wasn't me", url: notice.reportUrl },
          };
        case "factor_added":
          return {
            subject: "A second factor was added to your Trigger Switch account",
            heading: "Two-step sign-in is on",
            paragraphs: [
              `The second factor "${notice.factorName}" was added to your account at ${when}. Signing in now asks for its code after the password.`,
              IF_NOT_YOU,
            ],
            action: { label: "Review your security settings", url: `${siteUrl}/profile#security` },
          };
        case "factor_removed":
          return {
            subject: "A second factor was removed from your Trigger Switch account",
            heading: "A second factor was removed",
            paragraphs: [
              `The second factor "${notice.factorName}" was removed from your account at ${when}.`,
              IF_NOT_YOU,
            ],
            action: { label: "Review your security settings", url: `${siteUrl}/profile#security` },
          };
        case "recovery_codes_created":
          return {
            subject: "New recovery codes for your Trigger Switch account",
            heading: "New recovery codes were made",
            paragraphs: [
              `A new set of recovery codes was made for your account at ${when}. Any earlier codes no longer work.`,
              IF_NOT_YOU,
            ],
            action: { label: "Review your security settings", url: `${siteUrl}/profile#security` },
          };
        case "recovery_code_used":
          return {
            subject: "A recovery code was used on your Trigger Switch account",
            heading: "A recovery code was used",
            paragraphs: [
              `A recovery code was used to sign in to your account at ${when}, in place of your second factor. ${notice.remaining === 0 ? "You have no unused codes left: make new ones in your profile's Security section." : `${notice.remaining} unused code${notice.remaining === 1 ? "" : "s"} left.`}`,
              "If you lost your phone or authenticator app, remove it in your profile's Security section and add the new one.",
              IF_NOT_YOU,
            ],
            action: { label: "Review your security settings", url: `${siteUrl}/profile#security` },
          };
        case "password_changed":
          return {
            subject: "Your Trigger Switch password was changed",
            heading: "Your password was changed",
            paragraphs: [
              `The password of your account was changed at ${when}. Every other session was signed out.`,
              "If this was not you, reset your password at once from the sign-in page.",
            ],
            action: { label: "Reset my password", url: `${siteUrl}/forgot-password` },
          };
        case "identity_linked":
          return {
            subject: "A sign-in provider was linked to your Trigger Switch account",
            heading: `You can now sign in with ${notice.provider}`,
            paragraphs: [
              `At ${when} someone signed in with ${notice.provider} using this e-mail address, which ${notice.provider} has confirmed. From now on "Continue with ${notice.provider}" signs in to your account too.`,
              "If this was you, there is nothing to do.",
              `If it was not you, someone can use a ${notice.provider} account with your e-mail address: secure that account at ${notice.provider}, then reset your password at once from the sign-in page and end the sessions you do not recognise in your profile's Security section.`,
            ],
            action: { label: "Review your security settings", url: `${siteUrl}/profile#security` },
          };
        case "account_deleted":
          return {
            subject: "Your Trigger Switch account was deleted",
            heading: "Your account was deleted",
            paragraphs: [
              `Your Trigger Switch account was deleted at ${when}. Every switch was disarmed, and your messages, recipients, attachments and settings were removed. Nothing more will be sent on your behalf.`,
              "If you did not do this, someone else knew your password and second factor. The data cannot be restored; you can create a new account with this address.",
            ],
          };
      }
    })();
  return {
    to,
    subject: content.subject,
    ...renderMail({ heading: content.heading, paragraphs: content.paragraphs, action: content.action }),
  };
}
