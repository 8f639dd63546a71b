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
import { DELEGATE_METHODS, prismaModels, TABLE_OWNERS, unownedModels, WRITE_METHODS } from "./scripts/prisma-models.mjs";

// The module directions of docs/decisions/0012-module-layout.md. `root` is the folder holding app/
// (the tests point it at a fixture); paths are resolved imports, so `~/` and relative both count.
const CAPABILITIES = ["catalogue", "booking", "payments", "accounts", "backoffice", "distribution", "invoicing", "messages"];
const ROOT_FILES = ["app/root.tsx", "app/entry.server.tsx"];
const capabilityFolders = (...names) => names.map((name) => `app/${name}`);

/** @param {string} root @returns {import("eslint").Linter.Config[]} */
export function moduleBoundaries(root) {
  const directions = [
    {
      // Routes may import each other (home.tsx re-exports _index) and root's loader type.
      target: ["app/!(routes)/**", "app/*"],
      from: ["app/routes", ...ROOT_FILES],
      message: "Nothing imports routes or the root files: Remix calls them; shared code goes in a module.",
    },
    {
      target: "app/platform",
      from: [...capabilityFolders(...CAPABILITIES), "app/http", "app/components"],
      message: "platform imports no capability, http or components: they build on platform.",
    },
    {
      target: capabilityFolders(...CAPABILITIES),
      from: ["app/http", "app/components"],
      message: "Capabilities never import http or components: routes put them together.",
    },
    {
      target: "app/payments",
      from: "app/booking",
      message: "payments never imports booking: booking calls payments.",
    },
    {
      target: capabilityFolders("catalogue", "accounts", "backoffice"),
      from: capabilityFolders("booking", "payments"),
      message: "catalogue, accounts and backoffice import neither booking nor payments: booking builds on them.",
    },
    {
      target: "app/invoicing",
      from: capabilityFolders("booking", "payments", "distribution"),
      message: "invoicing imports neither booking nor payments: booking numbers its documents through invoicing.",
    },
    {
      target: "app/messages",
      from: capabilityFolders("booking", "payments", "distribution", "invoicing"),
      message: "messages imports neither booking nor payments: booking sends its messages through messages.",
    },
    {
      target: "app/http",
      from: "app/components",
      message: "http never imports components: http is transport, components are UI.",
    },
    {
      target: "app/components",
      from: "app/http",
      message: "components import platform and capabilities' client doors only, never http.",
    },
    {
      target: "app/components",
      from: "app/*/index.server.ts",
      message: "components take a capability's client door (~/<module>), never its server door.",
    },
  ];
  // Browser helpers without the capability's schemas, for components every page loads: through
  // ~/<name> they would bring zod to the home page (docs/decisions/0012-module-layout.md).
  const LIGHT_DOORS = { catalogue: ["./photos.ts", "./search-choices.ts"], accounts: ["./avatars.ts"] };
  // Tests set up their data through stores, so these two hold for the code only.
  const doors = [
    {
      target: ["app/routes", ...ROOT_FILES],
      from: "app/**/*-store.server.ts",
      message: "Routes never import a *-store.server.ts: they call the capability's door.",
    },
    ...CAPABILITIES.map((name) => ({
      target: [`app/!(${name})/**`, "app/*"],
      from: `app/${name}`,
      except: ["./index.ts", "./index.server.ts", ...(LIGHT_DOORS[name] ?? [])],
      message: `Outside ${name}, import it through its doors only: ~/${name} (client-safe) or ~/${name}/index.server.`,
    })),
  ];
  // Inside booking, core/ holds the rules and stores that every operation shares; it imports no
  // operation (placing/, paying/, …) nor the doors that re-export them, so the operations hang from
  // it instead of tying each other in a knot through it. Tests may set up through any of them.
  const bookingCore = [
    {
      target: "app/booking/core",
      from: ["app/booking/!(core)/**", "app/booking/index*.ts"],
      message: "booking/core imports no operation of booking (placing/, paying/, …) nor its doors: operations build on the core.",
    },
  ];
  const rule = (zones) => ({ "import-x/no-restricted-paths": ["error", { basePath: root, zones }] });
  return [
    { name: "module-boundaries/code", files: ["app/**/*.{ts,tsx}"], rules: rule([...directions, ...doors, ...bookingCore]) },
    { name: "module-boundaries/tests", files: ["app/**/*.test.{ts,tsx}"], rules: rule(directions) },
  ];
}

const alternatives = (names) => `/^(${names.join("|")})$/`;

/**
 * Only the `*-store.server.ts` files (and platform/) use the database client
 * (docs/decisions/0012-module-layout.md): no other file opens it, calls a model's query on a client
 * or a transaction passed in (`tx.order.updateMany`), runs raw SQL or a transaction. Types (`Tx`,
 * `Prisma.OrderSelect`) may be named anywhere. Tests set up their data directly.
 */
export function storeAccess(models = prismaModels()) {
  const message =
    "Only *-store.server.ts files (and platform/) use the database client: put the query in the capability's store.";
  const query = [
    `CallExpression[callee.type="MemberExpression"][callee.property.name=${alternatives(DELEGATE_METHODS)}]`,
    `[callee.object.type="MemberExpression"][callee.object.property.name=${alternatives(models.map((model) => model.delegate))}]`,
  ].join("");
  const restricted = (group, importNames) => ({ group, importNames, allowTypeImports: true, message });
  return [
    {
      name: "store-access",
      files: ["app/**/*.{ts,tsx}"],
      ignores: ["app/**/*-store.server.ts", "app/platform/**", "app/generated/**", "app/**/*.test.{ts,tsx}"],
      rules: {
        "no-restricted-syntax": [
          "error",
          { selector: query, message },
          {
            selector: "MemberExpression[property.name=/^\\$(queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe|transaction)$/]",
            message,
          },
        ],
        "@typescript-eslint/no-restricted-imports": [
          "error",
          {
            patterns: [
              restricted(["**/platform/db.server"], ["db", "sqlTimestamp"]),
              restricted(["**/generated/prisma/client"], ["Prisma", "PrismaClient"]),
            ],
          },
        ],
      },
    },
  ];
}

/**
 * Each table belongs to one capability (TABLE_OWNERS in scripts/prisma-models.mjs) and only its
 * stores write it, on their own client or a transaction passed in: another capability calls the
 * owner's store function inside its transaction (docs/decisions/0012-module-layout.md). Platform's
 * seed writes the demo data of every capability. A model without one owner fails the lint.
 */
export function tableOwners(models = prismaModels(), owners = TABLE_OWNERS) {
  const unowned = unownedModels(models, owners);
  const ownerOf = new Map(Object.entries(owners).flatMap(([owner, names]) => names.map((name) => [name, owner])));
  return Object.keys(owners).map((owner) => {
    const others = models.filter((model) => ownerOf.get(model.name) !== owner);
    const message = (name) =>
      `${name} belongs to ${ownerOf.get(name) ?? "no capability"} (TABLE_OWNERS in scripts/prisma-models.mjs): only its stores write it; call its store's function inside this transaction.`;
    const write = (model) =>
      `CallExpression[callee.type="MemberExpression"][callee.property.name=${alternatives(WRITE_METHODS)}][callee.object.type="MemberExpression"][callee.object.property.name="${model.delegate}"]`;
    const rawWrite = (model) => `TemplateElement[value.raw=/(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"${model.name}"/i]`;
    return {
      name: `table-owners/${owner}`,
      files: [`app/${owner}/**/*-store.server.ts`, ...(owner === "platform" ? ["app/platform/**/*.ts"] : [])],
      ignores: ["app/platform/seed.server.ts", "app/**/*.test.ts"],
      rules: {
        "no-restricted-syntax": [
          "error",
          ...unowned.map((name) => ({
            selector: "Program",
            message: `The Prisma model ${name} needs one owner in TABLE_OWNERS (scripts/prisma-models.mjs).`,
          })),
          ...others.flatMap((model) => [
            { selector: write(model), message: message(model.name) },
            { selector: rawWrite(model), message: message(model.name) },
          ]),
        ],
      },
    };
  });
}

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
      // Absolute: the resolver reads a relative project from the shell's directory, and an
      // unresolved `~/` import would slip past no-restricted-paths.
      "import-x/resolver": { typescript: { project: `${import.meta.dirname}/tsconfig.json` }, node: true },
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
  ...moduleBoundaries(import.meta.dirname),
  ...storeAccess(),
  ...tableOwners(),
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
