import { describe, expect, it } from "vitest";
import { randomBytes } from "../../src/crypto/random-bytes.ts";

describe("randomBytes from the pool", () => {
  it("never hands out the same bytes twice, across many pool refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) seen.add(randomBytes(12).toString("hex"));
    expect(seen.size).toBe(5_000);
  });

  it("leaves bytes already handed out as they were when the pool is replaced", () => {
    const first = randomBytes(32);
    const copy = Buffer.from(first);
    for (let i = 0; i < 1_000; i++) randomBytes(32);
    expect(first.equals(copy)).toBe(true);
  });

  it("gives the size asked for, large sizes straight from crypto", () => {
    expect(randomBytes(1).length).toBe(1);
    expect(randomBytes(32).length).toBe(32);
    expect(randomBytes(10_000).length).toBe(10_000);
  });

  it("looks uniformly random: every byte value turns up, none far off its share", () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 4_000; i++) for (const b of randomBytes(32)) counts[b]!++;
    // 128,000 bytes: 500 expected per value; 6 standard deviations (about 22) either way.
    expect(Math.min(...counts)).toBeGreaterThan(500 - 6 * 22);
    expect(Math.max(...counts)).toBeLessThan(500 + 6 * 22);
  });
});
