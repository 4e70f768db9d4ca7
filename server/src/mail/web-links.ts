/** The owner's page of one message in the web app (web/src/app/routes.tsx: /message/:id). */
export const messagePageUrl = (siteUrl: string, messageId: string): string => `${siteUrl}/message/${messageId}`;
