import type { Attachment, PlanAttachmentRules } from "@trigger-switch/contracts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AttachmentsField, type PendingFile } from "./attachments-field";

const MB = 1024 * 1024;
const free = (billingEnabled: boolean): PlanAttachmentRules => ({
  ctx: { plan: "free", name: "Free", billingEnabled },
  maxFiles: 3,
  maxBytes: 10 * MB,
  plusMaxFiles: 10,
  plusMaxBytes: 25 * MB,
});
const plus: PlanAttachmentRules = {
  ctx: { plan: "plus", name: "Plus", billingEnabled: true },
  maxFiles: 10,
  maxBytes: 25 * MB,
  plusMaxFiles: 10,
  plusMaxBytes: 25 * MB,
};

/** A file that says it has `size` bytes, without holding them. */
function fileOf(name: string, size: number, type = "application/pdf"): File {
  const file = new File(["%PDF"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}
const saved = (n: number): Attachment[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `a${i}`,
    message_id: "m",
    file_name: `saved-${i}.pdf`,
    content_type: "application/pdf",
    size_bytes: 1000,
    sealed: false,
    created_at: "2026-11-01T10:00:00.000Z",
  }));

function renderField(plan: PlanAttachmentRules | undefined, existing: Attachment[] = []) {
  const onChangePending = vi.fn<(files: PendingFile[]) => void>();
  render(
    <AttachmentsField
      existing={existing}
      onRemoveExisting={() => {}}
      onReorderExisting={() => {}}
      pending={[]}
      onChangePending={onChangePending}
      plan={plan}
    />,
  );
  return { user: userEvent.setup(), onChangePending, input: screen.getByLabelText("Attach files") };
}

describe("attachments and the plan (docs/decisions/018)", () => {
  it("refuses a file over the plan's size at once, in the server's words, and keeps it out of the upload", async () => {
    const { user, onChangePending, input } = renderField(free(true));
    expect(screen.getByText(/^Your Free plan: up to 3 files of at most 10 MB each:/)).toBeInTheDocument();
    await user.upload(input, [fileOf("will.pdf", 11 * MB), fileOf("letter.pdf", 2 * MB)]);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "will.pdf: Your Free plan allows files of up to 10 MB and this one is 11 MB. Choose a smaller file, or upgrade to Plus on the Subscription page for files up to 25 MB.",
    );
    expect(onChangePending).toHaveBeenCalledTimes(1);
    expect(onChangePending.mock.calls[0]![0].map((p) => p.file.name)).toEqual(["letter.pdf"]);
  });

  it("with billing off names the operator's choice, and on Plus offers no upgrade", async () => {
    const off = renderField(free(false));
    await off.user.upload(off.input, fileOf("will.pdf", 11 * MB));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Choose a smaller file. The operator of this service chooses the plan (DEFAULT_PLAN).",
    );
    expect(screen.getByRole("alert").textContent).not.toMatch(/upgrade/i);
  });

  it("on Plus refuses a file over its size without offering an upgrade", async () => {
    const { user, input } = renderField(plus);
    await user.upload(input, fileOf("film.mp4", 30 * MB, "video/mp4"));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "film.mp4: Your Plus plan allows files of up to 25 MB and this one is 30 MB. Choose a smaller file.",
    );
  });

  it("says what the plan allows when a message already has its number of files, and offers no more", () => {
    renderField(free(true), saved(3));
    expect(
      screen.getByText(
        "Your Free plan allows 3 attachments per message and this one has 3. Delete an attachment, or upgrade to Plus on the Subscription page for up to 10.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Attach files" })).toBeDisabled();
  });

  it("after a downgrade says how many must go before one more fits", () => {
    renderField(free(true), saved(5));
    expect(screen.getByText(/this one has 5\. Delete 3 attachments to add one, or upgrade/)).toBeInTheDocument();
  });

  it("says a single file chosen when none fits was not added, and counts several in plural", async () => {
    const { user, onChangePending, input } = renderField(free(true), saved(3));
    await user.upload(input, fileOf("a.pdf", MB));
    expect(onChangePending.mock.calls[0]![0]).toEqual([]);
    expect(screen.getByRole("alert")).toHaveTextContent(/^The file you chose was not added\. Your Free plan allows 3/);
    await user.upload(input, [fileOf("a.pdf", MB), fileOf("b.pdf", MB)]);
    expect(screen.getByRole("alert")).toHaveTextContent(/^None of the 2 files you chose were added\. Your Free plan/);
  });

  it("adds only what fits when more files are chosen than the plan allows", async () => {
    const { user, onChangePending, input } = renderField(free(true), saved(2));
    await user.upload(input, [fileOf("a.pdf", MB), fileOf("b.pdf", MB)]);
    expect(onChangePending.mock.calls[0]![0].map((p) => p.file.name)).toEqual(["a.pdf"]);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Only 1 of the 2 files you chose was added. Your Free plan allows 3 attachments per message and this one has 3. Delete an attachment, or upgrade",
    );
  });
});
