import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOwner } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import type { SignedInUser } from "../support/users.ts";

let t: TestApp;
let owner: SignedInUser;

// A 1×1 transparent PNG.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({ AVATAR_MAX_BYTES: "4096" }));
});
afterAll(() => t.close());

function upload(bytes: Buffer, type = "image/png", name = "me.png") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  return owner.api("/api/profile/avatar", { method: "POST", body: form });
}

describe("avatar upload", () => {
  it("stores a PNG and serves it under an unguessable URL with safe headers", async () => {
    const res = await upload(png);
    expect(res.status).toBe(200);
    const { avatar_url } = (await res.json()) as { avatar_url: string };
    expect(avatar_url).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.png$/);
    const img = await fetch(`${t.url}${avatar_url}`);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(img.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);
  });

  it("refuses a file that only claims to be an image", async () => {
    const res = await upload(Buffer.from("<svg onload=alert(1)></svg>"), "image/png", "x.png");
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/PNG, JPEG, GIF or WebP/);
  });

  it("refuses a file over the size limit with the limit in the message", async () => {
    const res = await upload(Buffer.concat([png, Buffer.alloc(8000)]));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/at most/);
  });

  it("removes the avatar and its file", async () => {
    const before = (await (await owner.api("/api/profile")).json()) as { avatar_url: string };
    const res = await owner.api("/api/profile/avatar", { method: "DELETE" });
    expect(((await res.json()) as { avatar_url: string | null }).avatar_url).toBeNull();
    expect((await fetch(`${t.url}${before.avatar_url}`)).status).toBe(404);
  });

  it("never serves a path outside the avatar folder", async () => {
    expect((await fetch(`${t.url}/media/avatars/..%2F..%2Fkeys`)).status).toBe(404);
  });
});
