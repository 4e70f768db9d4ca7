import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppRoutes } from "@/app/app-routes";
import { AppProvider } from "@/app/provider";
import { loadRoute, routes } from "@/app/routes";
import type { Services } from "@/lib/services";
import { createQueryClient } from "@/lib/query-client";
import { createFakeApi, createFakeAuth } from "@/testing/fakes";
import { hydrate } from "@/testing/hydrate";
import { renderApp } from "@/testing/render-app";

/** Where a used or expired confirmation link sends the browser (server/src/auth/routes/verify-routes.ts). */
const EXPIRED = {
  type: null,
  errorCode: "otp_expired",
  errorDescription: "Email link is invalid or has expired",
};
const meta = () => ({ body: { mailbox: false, mail: "smtp", autoconfirm: false, version: "t" } });

describe("a used or expired confirmation link on the sign-in page", () => {
  it("says what happened and sends a new confirmation link to the address typed", async () => {
    const { user, auth } = renderApp({ path: "/login", linkHint: EXPIRED });
    expect(await screen.findByText("This link has expired or was already used.")).toBeInTheDocument();
    expect(
      screen.getByText(/Links in our e-mails work once, and only for a limited time\. If you already confirmed/),
    ).toHaveTextContent(/If not, we can send you a new confirmation link\.$/);
    await user.type(screen.getByLabelText("Your e-mail address"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send a new confirmation link" }));
    expect(auth.mocks.resend).toHaveBeenCalledWith(
      expect.objectContaining({ type: "signup", email: "ada@example.com" }),
    );
    // Nothing says whether the address has an account: the visitor proved nothing.
    expect(await screen.findByText(/we have sent it a new confirmation link/)).toHaveTextContent(
      /^If an account exists for ada@example\.com, we have sent it a new confirmation link\./,
    );
    // The sign-in form stays, for an address that was confirmed already.
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
  });

  it("asks for an address before sending anything", async () => {
    const { user, auth } = renderApp({ path: "/login", linkHint: EXPIRED });
    await user.click(await screen.findByRole("button", { name: "Send a new confirmation link" }));
    expect(screen.getByText("Enter the e-mail address you signed up with")).toBeInTheDocument();
    expect(auth.mocks.resend).not.toHaveBeenCalled();
  });

  it("is taken over from the prerendered page without a hydration error, then says what happened", async () => {
    await loadRoute("/login");
    // The page as prerendered (prerender-pages.tsx): the same tree, with auth not loaded yet and no
    // link in the address, for every visitor.
    const page = (services: Services, url: string) => (
      <StrictMode>
        <AppProvider services={services} queryClient={createQueryClient()}>
          <MemoryRouter initialEntries={[url]}>
            <AppRoutes routes={routes} />
          </MemoryRouter>
        </AppProvider>
      </StrictMode>
    );
    const inert = new Proxy({}, { get: () => () => new Promise(() => {}) });
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      page(
        {
          auth: { ...inert, onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }) } as never,
          api: inert as never,
          linkHint: { type: null, errorDescription: null, errorCode: null },
        },
        "/login",
      ),
    );
    expect(container.querySelector("form")).not.toBeNull();
    document.body.append(container);

    const services = {
      auth: createFakeAuth().client,
      api: createFakeApi({ "GET /api/meta": meta }).api,
      linkHint: EXPIRED,
    };
    const recoverable = vi.fn();
    await hydrate(container, page(services, "/login#error=access_denied&error_code=otp_expired"), {
      onRecoverableError: recoverable,
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(await screen.findByText("This link has expired or was already used.")).toBeInTheDocument();
  });
});
