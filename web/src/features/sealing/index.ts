// The public entry of this feature: the only module other features may import (eslint.config.js).
export { openBytes, openText, sealBytes, sealText, WrongPassphraseError } from "./utils/age-crypto";
export { PassphraseUnlock } from "./components/passphrase-unlock";
export { SealPanel } from "./components/seal-panel";
export { SealedContent } from "./components/sealed-content";
export type { SealedFile } from "./components/sealed-files";
export { sealKept, sealOff, sealProblems, type SealDraft, type SealErrors } from "./utils/seal-draft";
export { usePassphraseRating } from "./utils/use-passphrase-rating";
export { ratePassphrase } from "./utils/passphrase";
export { SealedBadge } from "./components/sealed-badge";
