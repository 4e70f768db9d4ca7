import type { Mail } from "../../mail/mailer.ts";
import { renderMail } from "../../mail/layout.ts";
import type { LinkType } from "../constants.ts";

/** The link a mail carries: `${SITE_URL}/auth/v1/verify?token=…&type=…&redirect_to=…`. */
export function verifyUrl(siteUrl: string, token: string, type: LinkType, redirectTo: string): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${siteUrl}/auth/v1/verify?${query.toString()}`;
}

/** The auth e-mails: calm, short, one link each, plain text plus simple HTML. */
export function authMail(kind: LinkType | "email_change_notice", to: string, url?: string, newEmail?: string): Mail {
  const content = {
    signup: {
      subject: "Confirm your Trigger Switch account",
      heading: "Confirm your e-mail address",
      paragraphs: [
        "Thank you for creating a Trigger Switch account. Please confirm that this is your e-mail address.",
        "The link works once and for 24 hours. If you did not sign up, you can ignore this e-mail.",
      ],
      label: "Confirm my account",
    },
    recovery: {
      subject: "Reset your Trigger Switch password",
      heading: "Reset your password",
      paragraphs: [
        "Someone (hopefully you) asked to reset the password of your Trigger Switch account.",
        "The link works once and for 1 hour. If you did not ask for this, you can ignore this e-mail; your password stays as it is.",
      ],
      label: "Choose a new password",
    },
    email_change: {
      subject: "Confirm your new e-mail address",
      heading: "Confirm your new e-mail address",
      paragraphs: [
        "You asked to use this address for your Trigger Switch account. Your reminders and sign-in will use it once you confirm.",
        "The link works once and for 24 hours. If you did not ask for this, you can ignore this e-mail.",
      ],
      label: "Confirm this address",
    },
    email_change_notice: {
      subject: "Your Trigger Switch e-mail address is changing",
      heading: "A change of e-mail address was requested",
      paragraphs: [
        `Someone signed in to your Trigger Switch account asked to change its e-mail address to ${newEmail ?? "a new address"}.`,
        "Nothing changes until the new address is confirmed. If this was not you, sign in and change your password right away.",
      ],
      label: "",
    },
  }[kind];
  const rendered = renderMail({
    heading: content.heading,
    paragraphs: content.paragraphs,
    action: url ? { label: content.label, url } : undefined,
  });
  return { to, subject: content.subject, ...rendered };
}

/**
 * To an address that signed up again although it has an account: no link (nothing needs
 * confirming), but the truth and the two ways in. The sign-up page says an e-mail is waiting
 * whether or not the address was new; this is what waits for an existing account.
 */
export function accountExistsMail(to: string, siteUrl: string): Mail {
  const rendered = renderMail({
    heading: "You already have an account",
    paragraphs: [
      "Someone (hopefully you) tried to create a Trigger Switch account with this e-mail address. It already has an account, so no new one was made and nothing was changed.",
      "Sign in with your password. If you forgot it, choose a new one: we will e-mail you a link to set it.",
      "If this was not you, you can ignore this e-mail.",
    ],
    action: { label: "Sign in", url: `${siteUrl}/login` },
    links: [{ label: "Forgot your password?", url: `${siteUrl}/forgot-password` }],
  });
  return { to, subject: "You already have a Trigger Switch account", ...rendered };
}
