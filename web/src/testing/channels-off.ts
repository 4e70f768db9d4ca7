import type { ChannelsInfo } from "@trigger-switch/contracts";

const off = {
  available: false,
  local: true,
  uses: { check_in: false, verification: false, owner_reminders: false, deliveries: false, trusted_contacts: false },
};
/** GET /api/channels of a server with no messaging provider and no mail server (the default install: local mode). */
export const channelsOff: ChannelsInfo = {
  email: { available: true, transport: "outbox" },
  whatsapp: {
    ...off,
    missing: ["WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_ACCESS_TOKEN", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"],
  },
  sms: { ...off, missing: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"], from: null },
};
