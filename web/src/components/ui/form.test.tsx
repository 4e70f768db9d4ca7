import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { hydrate } from "@/testing/hydrate";
import { Form } from "./form";

const login = (
  <Form aria-label="Sign in">
    <input aria-label="E-mail" />
    <button type="submit">Sign in</button>
  </Form>
);

describe("Form", () => {
  it("is disabled as prerendered, and takes input once the app has taken the markup over", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(login);
    document.body.append(container);
    expect(container.querySelector("fieldset")?.disabled).toBe(true);

    await hydrate(container, login);
    expect(container.querySelector("fieldset")?.disabled).toBe(false);
    expect(container.querySelector("fieldset")?.getAttribute("aria-busy")).toBe("false");
  });

  it("takes input at once when the app draws it itself", () => {
    render(login);
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
    expect(screen.getByLabelText("E-mail")).toBeEnabled();
  });
});
