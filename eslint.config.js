import fs from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "data/**",
      "**/migrations/**",
      "web/e2e/.artifacts/**",
      "**/test-results/**",
    ],
  },
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
    // Toasts go through lib/toast.ts, which loads sonner on first use: imported directly, sonner
    // would be in every data page's first download again.
    files: ["web/src/**/*.{ts,tsx}"],
    ignores: ["web/src/lib/toast.ts", "web/src/**/*.test.{ts,tsx}", "web/src/testing/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='sonner'][importKind!='type']",
          message: "Raise toasts with `toast` from @/lib/toast: it loads sonner on first use.",
        },
      ],
    },
  },
  {
    // Imports flow one way in the web app: app → features → shared (bulletproof-react).
    files: ["web/src/components/**", "web/src/lib/**", "web/src/hooks/**", "web/src/config/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*", "@/app/*", "../features/*", "../../features/*", "../app/*", "../../app/*"],
              message: "Shared code must not import features or app.",
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries(),
);

/**
 * Each folder under web/src/features is a feature; another feature may use it only through its
 * index.ts (`@/features/<name>`), never its files, so a feature can rearrange its inside freely.
 * A relative import may not climb out of its feature either, and no feature imports the app layer.
 * One block per feature and folder depth, because the rule's options replace rather than merge.
 */
function featureBoundaries() {
  const root = new URL("./web/src/features/", import.meta.url);
  const features = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.flatMap((feature) =>
    [0, 1, 2, 3, 4].map((depth) => ({
      files: [`web/src/features/${feature}/${"*/".repeat(depth)}*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              { regex: "^@/app(/|$)", message: "Features must not import the app layer." },
              {
                regex: "^@/features/[^/]+/",
                message: "Import another feature through its index (@/features/<name>), never its files.",
              },
              {
                regex: `^@/features/${feature}$`,
                message: "Inside a feature, import its own files; its index is for other features.",
              },
              {
                regex: `^(\\.\\./){${depth + 1}}`,
                message:
                  "A relative import may not leave its feature: import the other feature's index (@/features/<name>).",
              },
            ],
          },
        ],
      },
    })),
  );
}
