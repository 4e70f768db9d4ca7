import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loadSonner, toast } from "./toast";

describe("toasts raised before sonner has loaded (lib/toast.ts)", () => {
  it("show once it has, and one raised again under the id returned replaces the first", async () => {
    const id = toast.loading("Checking in...");
    toast.success("Checked in", { id, description: "Your timers were reset." });
    toast.error("Something went wrong", { description: "Please try again." });
    const { Toaster } = await loadSonner();
    render(<Toaster />);
    expect(await screen.findByText("Checked in")).toBeInTheDocument();
    expect(screen.getByText("Something went wrong")).toBeInTheDocument();
    expect(screen.queryByText("Checking in...")).toBeNull();
    toast.dismiss();
    await expect.poll(() => screen.queryByText("Checked in")).toBeNull();
  });
});
