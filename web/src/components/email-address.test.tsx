import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "./email-address";

describe("an e-mail address on a narrow screen", () => {
  it("may wrap after the @ and before dots, never mid-word (no break-all)", () => {
    const { container } = render(<EmailAddress email="ada.lovelace@analytical-engine.example.com" />);
    expect(container.textContent).toBe("ada.lovelace@analytical-engine.example.com");
    const pieces = [...container.querySelector("span")!.childNodes]
      .map((n) => (n.nodeName === "WBR" ? "|" : n.textContent))
      .join("");
    expect(pieces).toBe("ada|.lovelace|@|analytical-engine|.example|.com");
    expect(container.innerHTML).not.toContain("break-all");
  });
});
