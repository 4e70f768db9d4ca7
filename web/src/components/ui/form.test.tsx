import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
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

    // Testing Library declares the act environment only inside its own helpers.
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    scope.IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => void hydrateRoot(container, login));
    expect(container.querySelector("fieldset")?.disabled).toBe(false);
    expect(container.querySelector("fieldset")?.getAttribute("aria-busy")).toBe("false");
    container.remove();
  });

  it("takes input at once when the app draws it itself", () => {
    render(login);
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
    expect(screen.getByLabelText("E-mail")).toBeEnabled();
  });
});
