import { messagePreview, MESSAGE_PREVIEW_CHARS, type OwnerRelease } from "@trigger-switch/contracts";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { assertNoDrift, checkedRoutes, ContractDrift, takeDrifts, workspaceContract } from "./api-contract";
import { createFakeWorkspace } from "./fake-workspace";
import { createFakeApi, makeProfile } from "./fakes";
import { renderApp } from "./render-app";

const get = (
  routes: ReturnType<typeof createFakeWorkspace>["routes"],
  key: string,
  params: Record<string, string> = {},
) => routes[key]!({ method: "GET", path: "", params, body: undefined });

function workspaceWithMessage() {
  const workspace = createFakeWorkspace();
  const grace = workspace.addRecipient({ name: "Grace Hopper", email: "grace@example.com" });
  const saved = workspace.routes["POST /api/messages/save"]!({
    method: "POST",
    path: "",
    params: {},
    body: {
      title: "For Grace",
      recipient_ids: [grace.id],
      add_conditions: [{ condition_type: "no_check_in", hours_threshold: 24 }],
    },
  });
  return { workspace, id: (saved.body as { id: string }).id };
}

describe("the fake workspace is held to the server's contract", () => {
  it("fails a request, and the test, when an answer is one the real server could not give", async () => {
    const { workspace, id } = workspaceWithMessage();
    // The drift this guards against: a field the server computes (here the access window's
    // default, which the fake once computed by itself) missing from the fake's answer.
    const real = get(workspace.routes, "GET /api/messages/:id", { id }).body as {
      conditions: Record<string, unknown>[];
    };
    const drifted = { ...real, conditions: real.conditions.map(({ unlock_delay_hours: _dropped, ...rest }) => rest) };
    const routes = checkedRoutes(
      { "GET /api/messages/:id": workspaceContract["GET /api/messages/:id"] },
      { "GET /api/messages/:id": () => ({ body: drifted as never }) },
    );
    const { fetch } = createFakeApi(routes);

    await expect(fetch(`/api/messages/${id}`)).rejects.toThrow(ContractDrift);
    // What setup.ts runs after every test: it fails this one unless the drift is taken here.
    expect(() => assertNoDrift()).toThrow(/GET \/api\/messages\/:id[\s\S]*unlock_delay_hours/);
    expect(() => assertNoDrift()).not.toThrow();
  });

  it("fails a page's test when the page copes with a drifted answer", async () => {
    const { workspace, id } = workspaceWithMessage();
    const release = {
      release_id: "r1",
      message_id: id,
      message_title: "For Grace",
      released_at: new Date().toISOString(),
      emergency: "yes",
      grants: [],
    };
    workspace.releases.push(release as unknown as OwnerRelease);
    const { unmount } = renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace });
    // The dashboard still shows the messages: only the drift record says the fake lied.
    expect(await screen.findByRole("heading", { name: "Welcome, Ada" }, { timeout: 5000 })).toBeInTheDocument();
    const seen: ContractDrift[] = [];
    await waitFor(() => {
      seen.push(...takeDrifts());
      expect(seen.map((d) => d.message)).toContainEqual(expect.stringMatching(/GET \/api\/releases[\s\S]*emergency/));
    });
    unmount();
    takeDrifts();
  });

  it("refuses a body the server's schema refuses, with the server's 400, before the fake's own logic", () => {
    const workspace = createFakeWorkspace();
    const answer = workspace.routes["POST /api/recipients"]!({
      method: "POST",
      path: "",
      params: {},
      body: { name: "Alan", phone: "+447700900456", channels: ["pigeon"] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: { code: "validation_failed", fields: { "channels.0": expect.any(String) } },
    });
    expect(workspace.recipients).toEqual([]);
  });

  it("answers with the server's defaults and computed fields, taken from contracts", () => {
    const { workspace } = workspaceWithMessage();
    const alan = workspace.addRecipient({ name: "Alan", email: "alan@example.com", phone: "+447700900456" });
    expect(alan.channels).toEqual(["email", "whatsapp"]);
    const text = `${"a".repeat(MESSAGE_PREVIEW_CHARS - 1)}😀 and more`;
    workspace.routes["POST /api/messages"]!({
      method: "POST",
      path: "",
      params: {},
      body: { title: "Long", text_content: text },
    });
    const list = get(workspace.routes, "GET /api/messages").body as {
      title: string;
      preview: string;
      conditions: { unlock_delay_hours: number; expiry_hours: number }[];
    }[];
    expect(list.find((m) => m.title === "Long")!.preview).toBe(messagePreview(text));
    expect(list.find((m) => m.title === "Long")!.preview.endsWith("😀")).toBe(true);
    expect(list.find((m) => m.title === "For Grace")!.conditions[0]).toMatchObject({
      unlock_delay_hours: 0,
      expiry_hours: 0,
    });
  });
});
