import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { accessToken } from "./sign-up";

/**
 * A message with one recipient and an armed Emergency button condition (kept armed after a press),
 * made through the API as the signed-in owner on `page`. Returns the message's id.
 */
export async function createPanicMessage(
  page: Page,
  request: APIRequestContext,
  message: { title: string; text: string },
  recipient: { name: string; email?: string | null; phone?: string | null; channels?: string[] },
): Promise<string> {
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const added = await request.post("/api/recipients", { headers, data: recipient });
  expect(added.ok(), await added.text()).toBe(true);
  const { id: recipientId } = (await added.json()) as { id: string };
  const created = await request.post("/api/messages", {
    headers,
    data: { title: message.title, text_content: message.text },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  expect(
    (await request.put(`/api/messages/${id}/recipients`, { headers, data: { recipient_ids: [recipientId] } })).ok(),
  ).toBe(true);
  const condition = await request.post(`/api/messages/${id}/conditions`, {
    headers,
    data: { condition_type: "panic_trigger", panic_config: { keep_armed: true } },
  });
  expect(condition.ok(), await condition.text()).toBe(true);
  return id;
}
