import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "**/migrations/**", "web/e2e/.artifacts/**", "**/test-results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error", "log"] }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Imports flow one way in the web app: app → features → shared (bulletproof-react).
    files: ["web/src/components/**", "web/src/lib/**", "web/src/hooks/**", "web/src/config/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["@/features/*", "@/app/*", "../features/*", "../../features/*", "../app/*", "../../app/*"], message: "Shared code must not import features or app." }] }] },
  },
  {
    files: ["web/src/features/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["@/app/*", "../../app/*", "../../../app/*"], message: "Features must not import the app layer." }] }] },
  },
);
