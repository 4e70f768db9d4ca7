import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sealBytes, sealText } from "../utils/age-crypto";
import { SealedContent } from "./sealed-content";

const PASSPHRASE = "quartz lantern meadow oblique falcon thimble";
let armored = "";
let file: Uint8Array = new Uint8Array();

// scrypt at age's default work factor takes a second or more per file: made once for the file.
beforeAll(async () => {
  armored = await sealText(PASSPHRASE, "The deeds are in the green folder.");
  file = await sealBytes(PASSPHRASE, new TextEncoder().encode("Account note"));
}, 60_000);

describe("a sealed message's text and files", () => {
  it("asks for the passphrase under the hint, refuses a wrong one plainly, and opens the text and files with the right one", async () => {
    const user = userEvent.setup();
    const fetchAge = vi.fn(async () => file);
    const saved: { name: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download });
    });
    render(
      <SealedContent
        sealed={{ text: armored, hint: "The bakery where we met" }}
        files={[{ id: "f1", name: "accounts.txt", size: 12 }]}
        fetchAge={fetchAge}
        intro="Enter the passphrase."
        renderText={(text) => <p data-testid="text">{text}</p>}
      />,
    );
    expect(screen.getByText("The bakery where we met")).toBeInTheDocument();
    // Before the passphrase, only the sealed forms are offered, with the line for the age tool.
    expect(screen.queryByRole("button", { name: "Download accounts.txt" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download accounts.txt.age (still sealed)" })).toBeInTheDocument();
    expect(screen.getByText("age -d -o message.txt message.age")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Passphrase"), "quartz lantern");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(
      await screen.findByText(/^That passphrase does not open this message\./, undefined, { timeout: 30_000 }),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Passphrase"));
    await user.type(screen.getByLabelText("Passphrase"), PASSPHRASE);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByTestId("text", undefined, { timeout: 30_000 })).toHaveTextContent(
      "The deeds are in the green folder.",
    );
    await user.click(screen.getByRole("button", { name: "Download accounts.txt" }));
    await waitFor(() => expect(saved).toEqual([{ name: "accounts.txt" }]), { timeout: 30_000 });
    expect(fetchAge).toHaveBeenCalledTimes(1);
  }, 90_000);
});
