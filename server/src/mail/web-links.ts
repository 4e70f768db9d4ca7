/** The web app's pages that mails link to, in one place (web/src/app/routes.tsx names them). */

/** The owner's page of one message: /message/:id. */
export const messagePageUrl = (siteUrl: string, messageId: string): string => `${siteUrl}/message/${messageId}`;

/** A reminder's check-in page; opening it never checks in, its button does. */
export const checkInPageUrl = (siteUrl: string, token: string): string =>
  `${siteUrl}/check-in?token=${encodeURIComponent(token)}`;

/** A recipient's access page of a released message. */
export const accessPageUrl = (siteUrl: string, messageId: string, token: string): string =>
  `${siteUrl}/access/message/${messageId}?t=${encodeURIComponent(token)}`;

/** The owner's one-tap Deny page for a contact's request for access; opening it changes nothing. */
export const accessDenyPageUrl = (siteUrl: string, token: string): string =>
  `${siteUrl}/access-request/deny?token=${encodeURIComponent(token)}`;

/** A trusted contact's own page. */
export const contactPageUrl = (siteUrl: string, token: string): string =>
  `${siteUrl}/contact?token=${encodeURIComponent(token)}`;
