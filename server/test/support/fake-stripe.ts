import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local server speaking the parts of Stripe's API the product calls (form-encoded requests,
 * Stripe's JSON objects and error shape), with a Checkout page and a customer portal page a
 * browser can use, and webhooks signed like Stripe's (the package's own test signer).
 */
export interface FakeStripe {
  url: string;
  port: number;
  /** Requests received, for assertions: method, path and the decoded form fields. */
  requests: { method: string; path: string; form: Record<string, string> }[];
  subscriptions: Map<string, Record<string, unknown>>;
  /** Sends a signed event to the webhook URL; resolves with the answer's status. */
  emit(type: string, object: Record<string, unknown>, opts?: { created?: number; id?: string }): Promise<number>;
  /** Creates an active subscription for a customer as a completed Checkout would, emitting its events. */
  completeCheckout(sessionId: string): Promise<Record<string, unknown>>;
  /** Moves a subscription to another status (a failed renewal, a cancellation), emitting the event. */
  setStatus(subscriptionId: string, status: string): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_STRIPE_KEY = "sk_test_fake_trigger_switch";
export const FAKE_WEBHOOK_SECRET = "whsec_fake_trigger_switch_secret";
export const FAKE_PRICE_MONTHLY = "price_plus_monthly";
export const FAKE_PRICE_YEARLY = "price_plus_yearly";

const PRICES: Record<string, { unit_amount: number; currency: string; interval: string }> = {
  [FAKE_PRICE_MONTHLY]: { unit_amount: 400, currency: "eur", interval: "month" },
  [FAKE_PRICE_YEARLY]: { unit_amount: 4000, currency: "eur", interval: "year" },
};

const rid = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
const nowS = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(opts: { webhookUrl?: () => string; port?: number } = {}): Promise<FakeStripe> {
  const requests: FakeStripe["requests"] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const invoices: Record<string, unknown>[] = [];
  let base = "";

  async function emit(
    type: string,
    object: Record<string, unknown>,
    o: { created?: number; id?: string } = {},
  ): Promise<number> {
    if (!opts.webhookUrl) return 0;
    const payload = JSON.stringify({
      id: o.id ?? rid("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: o.created ?? nowS(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET });
    const res = await fetch(opts.webhookUrl(), {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    return res.status;
  }

  function subscriptionObject(
    id: string,
    customer: string,
    price: string,
    status: string,
    metadata: Record<string, string>,
  ): Record<string, unknown> {
    const p = PRICES[price]!;
    const start = nowS();
    const end = start + (p.interval === "year" ? 365 : 30) * 86_400;
    return {
      id,
      object: "subscription",
      customer,
      status,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      created: start,
      metadata,
      items: {
        object: "list",
        data: [
          {
            id: rid("si"),
            object: "subscription_item",
            current_period_start: start,
            current_period_end: end,
            price: {
              id: price,
              object: "price",
              unit_amount: p.unit_amount,
              currency: p.currency,
              recurring: { interval: p.interval, interval_count: 1 },
            },
          },
        ],
      },
    };
  }

  async function completeCheckout(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const sub = subscriptionObject(
      rid("sub"),
      String(session.customer),
      String(session.price),
      "active",
      (session.metadata as Record<string, string>) ?? {},
    );
    subscriptions.set(String(sub.id), sub);
    invoices.unshift({
      id: rid("in"),
      object: "invoice",
      customer: session.customer,
      number: `TS-${invoices.length + 1001}`,
      created: nowS(),
      status: "paid",
      amount_paid: PRICES[String(session.price)]!.unit_amount,
      amount_due: PRICES[String(session.price)]!.unit_amount,
      currency: "eur",
      hosted_invoice_url: `${base}/invoice`,
      invoice_pdf: `${base}/invoice.pdf`,
    });
    session.status = "complete";
    session.subscription = sub.id;
    await emit("checkout.session.completed", { ...session });
    await emit("customer.subscription.created", sub);
    return sub;
  }

  async function setStatus(id: string, status: string) {
    const sub = subscriptions.get(id)!;
    sub.status = status;
    if (status === "canceled") sub.canceled_at = nowS();
    await emit(status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated", { ...sub });
  }

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      void handle(req, res, body).catch((err: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: String(err) } }));
      });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? "/", base);
    const form = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : body));
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": rid("req") });
      res.end(JSON.stringify(value));
    };
    const html = (value: string) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Fake Stripe</title></head><body style="font-family:sans-serif;padding:24px">${value}</body></html>`,
      );
    };

    // Pages a browser opens (Checkout and the portal), not part of the API.
    const checkoutPage = /^\/pay\/(cs_[a-z0-9]+)$/.exec(url.pathname);
    if (checkoutPage) {
      const session = sessions.get(checkoutPage[1]!);
      if (!session) return json(404, { error: { type: "invalid_request_error", message: "No such session" } });
      if (req.method === "POST") {
        await completeCheckout(checkoutPage[1]!);
        res.writeHead(303, { location: String(session.success_url) });
        return res.end();
      }
      return html(
        `<h1>Test checkout</h1><p>Plus, ${PRICES[String(session.price)]!.unit_amount / 100} EUR per ${PRICES[String(session.price)]!.interval}</p><form method="post"><button type="submit">Pay</button></form><p><a href="${String(session.cancel_url)}">Back</a></p>`,
      );
    }
    if (url.pathname.startsWith("/portal/")) {
      const returnUrl = url.searchParams.get("return") ?? "/";
      return html(`<h1>Test customer portal</h1><p><a href="${returnUrl}">Return to Trigger Switch</a></p>`);
    }

    requests.push({ method: req.method ?? "GET", path: url.pathname, form });
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`)
      return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });

    if (req.method === "GET" && url.pathname.startsWith("/v1/prices/")) {
      const id = url.pathname.slice("/v1/prices/".length);
      const p = PRICES[id];
      if (!p)
        return json(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: `No such price: '${id}'` },
        });
      return json(200, {
        id,
        object: "price",
        active: true,
        unit_amount: p.unit_amount,
        currency: p.currency,
        recurring: { interval: p.interval, interval_count: 1 },
        type: "recurring",
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/customers") {
      const customer = {
        id: rid("cus"),
        object: "customer",
        email: form.email ?? null,
        metadata: { user_id: form["metadata[user_id]"] },
      };
      customers.set(customer.id, customer);
      return json(200, customer);
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const price = form["line_items[0][price]"];
      if (!price || !PRICES[price])
        return json(400, { error: { type: "invalid_request_error", message: `No such price: '${price}'` } });
      const id = `cs_${randomBytes(8).toString("hex")}`;
      const session = {
        id,
        object: "checkout.session",
        mode: form.mode,
        customer: form.customer,
        client_reference_id: form.client_reference_id,
        price,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        metadata: { user_id: form["subscription_data[metadata][user_id]"] },
        status: "open",
        subscription: null,
        url: `${base}/pay/${id}`,
      };
      sessions.set(id, session);
      return json(200, session);
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      return json(200, {
        id: rid("bps"),
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url,
        url: `${base}/portal/${String(form.customer)}?return=${encodeURIComponent(String(form.return_url))}`,
      });
    }
    const subMatch = /^\/v1\/subscriptions\/(sub_[a-z0-9]+)$/.exec(url.pathname);
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1]!);
      if (!sub)
        return json(404, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such subscription: '${subMatch[1]}'`,
          },
        });
      if (req.method === "DELETE") {
        // Stripe's "cancel a subscription": at once, then customer.subscription.deleted.
        sub.status = "canceled";
        sub.canceled_at = nowS();
        await emit("customer.subscription.deleted", { ...sub });
        return json(200, sub);
      }
      if (req.method === "POST") {
        if (form.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = form.cancel_at_period_end === "true";
          sub.cancel_at = sub.cancel_at_period_end
            ? (sub.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end
            : null;
          sub.canceled_at = sub.cancel_at_period_end ? nowS() : null;
        }
        await emit("customer.subscription.updated", { ...sub });
      }
      return json(200, sub);
    }
    if (req.method === "GET" && url.pathname === "/v1/invoices") {
      const data = invoices.filter((i) => i.customer === url.searchParams.get("customer"));
      return json(200, { object: "list", data, has_more: false, url: "/v1/invoices" });
    }
    return json(404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname}).` },
    });
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    requests,
    subscriptions,
    emit,
    completeCheckout,
    setStatus,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The server's environment for billing against this fake. */
export function fakeStripeEnv(stripe: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_PLUS_MONTHLY: FAKE_PRICE_MONTHLY,
    STRIPE_PRICE_PLUS_YEARLY: FAKE_PRICE_YEARLY,
    STRIPE_API_URL: stripe.url,
  };
}
