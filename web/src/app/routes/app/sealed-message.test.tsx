import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { openBytes, openText, sealBytes, sealText } from "@/features/sealing";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
// Lazy routes, transformed while the file loads (see messages.test.tsx).
import "./create-message";
import "./edit-message";
import "./message";

const signedIn = { signedIn: true, profile: makeProfile() } as const;
const TEXT = "The deeds are in the green folder.";
const FILE = "Account note: Northern Savings";

describe("sealing a message in the editor", () => {
  it("sends only ciphertext: the text as an age file, the file as an age file, the passphrase nowhere", async () => {
    const workspace = createFakeWorkspace();
    workspace.addRecipient({ name: "Grace Hopper", email: "grace@example.com" });
    const { user, server } = renderApp({ ...signedIn, path: "/create-message", workspace });
    await user.type(await screen.findByLabelText("Title", {}, { timeout: 5000 }), "For Grace");
    await user.type(screen.getByLabelText("Message", { exact: true }), TEXT);
    await user.upload(screen.getByLabelText("Attach files"), new File([FILE], "accounts.txt", { type: "text/plain" }));
    await user.click(screen.getByRole("switch", { name: "Seal with a passphrase" }));
    expect(screen.getByText(/The title is not sealed/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Generate a passphrase" }));
    const field = screen.getByLabelText("Passphrase", { exact: true });
    await waitFor(() => expect((field as HTMLInputElement).value.split(" ")).toHaveLength(6));
    const passphrase = (field as HTMLInputElement).value;
    expect(screen.getByText(/^Generated: six random words from a list of 7,776 \(77 bits\)/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Hint for your recipients (optional)"), "The bakery");
    await user.click(screen.getByLabelText(/I have told each recipient the passphrase/));
    await user.click(screen.getByRole("button", { name: "Save message" }));

    await waitFor(() => expect(workspace.messages[0]?.attachments).toHaveLength(1), { timeout: 60_000 });
    const writes = server.calls.filter((c) => c.method !== "GET");
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /api/messages/save",
      `POST /api/messages/${workspace.messages[0]!.id}/attachments`,
    ]);
    const save = writes[0]!.body as { text_content: string; seal: { text: string; hint: string } };
    expect(save.text_content).toBe("");
    expect(save.seal.hint).toBe("The bakery");
    expect(save.seal.text).toMatch(/^-----BEGIN AGE ENCRYPTED FILE-----/);
    expect(await openText(passphrase, save.seal.text)).toBe(TEXT);
    const upload = (writes[1]!.body as FormData).get("file") as File;
    const sealed = new Uint8Array(await upload.arrayBuffer());
    expect(new TextDecoder().decode(sealed.subarray(0, 21))).toBe("age-encryption.org/v1");
    expect(new TextDecoder().decode(await openBytes(passphrase, sealed))).toBe(FILE);
    // Neither the words nor the passphrase left the browser in any request.
    const sent = JSON.stringify(writes.map((c) => (c.body instanceof FormData ? null : c.body)));
    expect(sent).not.toContain(TEXT);
    expect(sent).not.toContain(passphrase);
    expect(new TextDecoder().decode(sealed)).not.toContain(FILE);
  }, 120_000);
});

describe("unsealing a message", () => {
  it("opens it with the passphrase, asks before unsealing, then sends the text and the opened file in the clear", async () => {
    const passphrase = "harbour violet ginger cobalt pelican sundial";
    const workspace = createFakeWorkspace();
    const saved = workspace.routes["POST /api/messages/save"]!({
      method: "POST",
      path: "",
      params: {},
      body: {
        title: "For Grace",
        text_content: "",
        seal: { text: await sealText(passphrase, TEXT), hint: "The bakery" },
      },
    }).body as { id: string };
    const stored = workspace.messages[0]!;
    stored.attachments.push({
      id: "6f1c8a52-0000-4000-8000-0000000000a1",
      message_id: saved.id,
      file_name: "accounts.txt",
      content_type: "application/octet-stream",
      size_bytes: FILE.length,
      sealed: true,
      created_at: new Date().toISOString(),
    });
    const sealedFile = await sealBytes(passphrase, new TextEncoder().encode(FILE));
    const { user, server } = renderApp({
      ...signedIn,
      path: `/message/${saved.id}/edit`,
      workspace,
      api: { "GET /api/messages/:id/attachments/:attachmentId": () => ({ body: sealedFile }) },
    });
    expect(await screen.findByText("The bakery", {}, { timeout: 5000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Passphrase"), passphrase);
    await user.click(screen.getByRole("button", { name: "Open to edit" }));
    expect(await screen.findByDisplayValue(TEXT, {}, { timeout: 60_000 })).toBeInTheDocument();

    await user.click(screen.getByRole("switch", { name: "Seal with a passphrase" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Unseal this message?" });
    expect(dialog).toHaveTextContent(/Whoever runs the server, or holds its keys, could then read them\./);
    await user.click(screen.getByRole("button", { name: "Unseal when I save" }));
    expect(screen.getByText(/When you save, this message is unsealed/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(stored.attachments.map((a) => a.sealed)).toEqual([false]), { timeout: 60_000 });
    const writes = server.calls.filter((c) => c.method !== "GET");
    const save = writes[0]!.body as Record<string, unknown>;
    expect(save).toMatchObject({
      text_content: TEXT,
      unseal: true,
      remove_attachment_ids: ["6f1c8a52-0000-4000-8000-0000000000a1"],
    });
    expect(save).not.toHaveProperty("seal");
    const upload = (writes[1]!.body as FormData).get("file") as File;
    expect(await upload.text()).toBe(FILE);
    expect(stored.sealed).toBeNull();
  }, 180_000);
});
