/**
 * The WhatsApp journeys' provider: the project's local Cloud API server (server/test/support/fake-whatsapp.ts)
 * in its own process, with fixed credentials the journey server is configured with.
 */
export const WHATSAPP_CREDENTIALS = {
  accessToken: "EAAGe2eJourneyAccessToken0123456789",
  appSecret: "e2e-journey-app-secret-0123456789",
  verifyToken: "e2e-journey-verify-token",
};
export const WHATSAPP_PHONE_NUMBER_ID = "106540352242922";

export function whatsappServerEnv(apiPort: number): Record<string, string> {
  return {
    WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: WHATSAPP_CREDENTIALS.accessToken,
    WHATSAPP_APP_SECRET: WHATSAPP_CREDENTIALS.appSecret,
    WHATSAPP_VERIFY_TOKEN: WHATSAPP_CREDENTIALS.verifyToken,
    WHATSAPP_API_URL: `http://127.0.0.1:${apiPort}/v23.0`,
    // Trusted contacts on WhatsApp need their template (docs/decisions/041).
    WHATSAPP_TEMPLATE_CONTACT_NOTICE: "contact_notice",
  };
}

/** What the journey reads from the provider's control port. */
export interface SentWhatsApp {
  id: string;
  to: string;
  type: "text" | "template";
  text?: string;
  template?: { name: string; body: string[] };
}
