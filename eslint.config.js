// ESLint: TypeScript, React, hooks, accessibility (jsx-a11y) and import order; formatting is
// Prettier's (.prettierrc.json), so eslint-config-prettier turns off the rules it owns.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "app/generated/",
      "bench/fixture/build/",
      "bench/fixture/public/build/",
      ".cache/",
      ".test-reports/",
      "test-results/",
      "playwright-report/",
      "data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node },
    },
    settings: {
      "import-x/resolver": { typescript: { project: "./tsconfig.json" }, node: true },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", "parent", "sibling", "index"],
          pathGroups: [{ pattern: "~/**", group: "internal" }],
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "import-x/no-extraneous-dependencies": "error",
      "import-x/no-duplicates": ["error", { "prefer-inline": true }],
      // TypeScript checks these better (and knows the generated Prisma client).
      "import-x/no-unresolved": "off",
      "import-x/named": "off",
      "import-x/namespace": "off",
      "import-x/default": "off",
      "import-x/no-named-as-default-member": "off",
      // Stripe, Piscina and others export their class as default and by name.
      "import-x/no-named-as-default": "off",
    },
  },
  {
    files: ["**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "react/prop-types": "off",
    },
  },
  {
    // The bench's reference app uses the project's own packages.
    files: ["bench/fixture/**"],
    rules: { "import-x/no-extraneous-dependencies": ["error", { packageDir: [import.meta.dirname] }] },
  },
  {
    files: ["public/**/*.js", "tests/e2e/support/fake-stripe.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
