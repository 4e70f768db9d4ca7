import { channelsInfoSchema } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { readChannelsInfo } from "./read-channels-info";

const uses = { check_in: true, verification: true, owner_reminders: false, deliveries: true, trusted_contacts: false };
const valid = {
  email: { available: true, transport: "outbox" },
  whatsapp: { available: true, local: false, missing: [], uses },
  sms: { available: false, local: true, missing: ["TWILIO_ACCOUNT_SID"], uses, from: null },
};
const variants: unknown[] = [
  valid,
  { ...valid, sms: { ...valid.sms, from: "+15005550006" } },
  { ...valid, email: { available: true, transport: "smtp" } },
  null,
  [],
  {},
  { ...valid, email: { available: false, transport: "smtp" } },
  { ...valid, email: { available: true, transport: "pigeon" } },
  { ...valid, whatsapp: { ...valid.whatsapp, local: "no" } },
  { ...valid, whatsapp: { ...valid.whatsapp, missing: [1] } },
  { ...valid, whatsapp: { ...valid.whatsapp, uses: { ...uses, deliveries: null } } },
  { ...valid, sms: { ...valid.sms, uses: { ...uses, trusted_contacts: true } } },
  {
    ...valid,
    sms: { ...valid.sms, uses: { check_in: true, verification: true, owner_reminders: false, deliveries: true } },
  },
  { ...valid, sms: { ...valid.sms, from: 12 } },
  { ...valid, sms: { ...valid.sms, from: undefined } },
  { email: valid.email, whatsapp: valid.whatsapp },
];

describe("reading GET /api/channels without zod", () => {
  it.each(variants.map((v, i) => [i, v]))("agrees with the contracts' schema on answer %i", (_i, payload) => {
    const byZod = channelsInfoSchema.safeParse(payload);
    if (byZod.success) expect(readChannelsInfo(payload)).toEqual(byZod.data);
    else expect(() => readChannelsInfo(payload)).toThrow(/Unexpected answer from \/api\/channels/);
  });
});
