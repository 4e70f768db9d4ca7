import { describe, expect, it } from "vitest";
import { fetchRoute } from "./fetch-policy";

const origin = "https://switch.example";
const shell = new Set(["/assets/index-abc.js", "/offline.html"]);
const route = (url: string, { method = "GET", mode = "cors" } = {}) =>
  fetchRoute({ method, url: `${origin}${url}`, mode }, origin, shell);

describe("what the service worker does with a request", () => {
  it("answers a file of the app shell from its cache", () => {
    expect(route("/assets/index-abc.js")).toBe("shell");
    expect(route("/offline.html")).toBe("shell");
  });

  it("answers a page of the app from the network, with the offline page as its fallback", () => {
    expect(route("/dashboard", { mode: "navigate" })).toBe("page");
    expect(route("/check-in?token=abc", { mode: "navigate" })).toBe("page");
  });

  it("never touches the API, sign-in or a recipient's access pages, not even to navigate", () => {
    for (const path of ["/api/messages", "/api/push/check-in", "/auth/v1/token", "/access/message/1?k=x", "/realtime"])
      expect(route(path, { mode: "navigate" })).toBe("network");
    expect(route("/api/messages")).toBe("network");
    expect(route("/access/message/1")).toBe("network");
  });

  it("leaves a file that is not in the shell, one asked with a query, and writes to the network", () => {
    expect(route("/assets/mapbox-gl-123.js")).toBe("network");
    expect(route("/assets/index-abc.js?v=1")).toBe("network");
    expect(route("/assets/index-abc.js", { method: "POST" })).toBe("network");
    expect(
      fetchRoute({ method: "GET", url: "https://other.example/assets/index-abc.js", mode: "cors" }, origin, shell),
    ).toBe("network");
  });
});
