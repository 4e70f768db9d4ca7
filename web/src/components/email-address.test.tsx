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

/** Every component's source, to find an address someone wraps with `break-all` again. */
const sources = import.meta.glob<string>(["/src/**/*.tsx", "!/src/**/*.test.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The text from each `break-all` class to the end of its element: what that class breaks. */
function breakAllElements(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/className=(["{`])[^>]*\bbreak-all\b/g)) {
    const rest = source.slice(match.index);
    const end = rest.search(/<\/[a-z]+>|\/>/);
    found.push(end === -1 ? rest : rest.slice(0, end));
  }
  return found;
}

describe("e-mail addresses across the app", () => {
  it("are never broken mid-word with break-all: they go through EmailAddress", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const offenders = Object.entries(sources).flatMap(([path, source]) =>
      breakAllElements(source)
        .filter((element) => /e-?mail|address|pending|@/i.test(element))
        .map((element) => `${path}: ${element.replace(/\s+/g, " ")}`),
    );
    expect(offenders).toEqual([]);
  });

  it("finds a break-all on an address when there is one (the check above can fail)", () => {
    const bad = `<p>Sent to <span className="font-medium break-all">{email}</span>.</p>`;
    expect(breakAllElements(bad).filter((e) => /e-?mail/i.test(e))).toHaveLength(1);
    expect(breakAllElements(`<code className="break-all font-mono">{w.id}</code>`)).toHaveLength(1);
  });
});
