// The module directions (docs/decisions/0012-module-layout.md) fail the lint: each one broken on
// purpose is reported by import-x/no-restricted-paths, an allowed import is not; and the folder
// cycle check finds a loop, between the top folders or the sub-folders of one. The importing code is
// linted as text under the fixture's app/.
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import config, { moduleBoundaries } from "../../eslint.config.js";
import { describeCycles, findCycles, folderEdges, readSources, subFolderedFolders } from "../../scripts/check-module-cycles.mjs";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURE = fileURLToPath(new URL("./fixture", import.meta.url));
const RULE = "import-x/no-restricted-paths";

// The project's whole config with its boundaries and resolver rooted at the fixture, and unresolved
// imports reported so that no "allowed" case passes only because its import led nowhere.
const fixtureLint = new ESLint({
  cwd: FIXTURE,
  overrideConfigFile: true,
  overrideConfig: [
    ...(config as Linter.Config[]).filter((block) => !block.name?.startsWith("module-boundaries/")),
    ...moduleBoundaries(FIXTURE),
    {
      settings: { "import-x/resolver": { typescript: { project: `${FIXTURE}/tsconfig.json` }, node: true } },
      rules: { "import-x/no-unresolved": "error" },
    },
  ],
});

async function boundaryMessages(lint: ESLint, filePath: string, code: string) {
  const [result] = await lint.lintText(`${code}\n\nexport const probe = [imported];\n`, { filePath });
  expect(result.messages.filter((message) => message.fatal || message.ruleId === "import-x/no-unresolved")).toEqual([]);
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const importing = (specifier: string) => `import * as imported from "${specifier}";`;

describe("import-x/no-restricted-paths zones", () => {
  it.each([
    ["app/components/newsletter.ts", "~/routes/orders", "Nothing imports routes"],
    ["app/http/orders.ts", "../routes/orders", "Nothing imports routes"],
    ["app/booking/layout.ts", "~/root", "Nothing imports routes or the root files"],
    ["app/platform/mail.server.ts", "~/booking/index.server", "platform imports no capability"],
    ["app/platform/fields.ts", "../booking", "platform imports no capability"],
    ["app/platform/paging.ts", "~/http/paging", "platform imports no capability, http or components"],
    ["app/platform/labels.ts", "~/components/pager", "platform imports no capability, http or components"],
    ["app/catalogue/upload.server.ts", "~/http/paging", "Capabilities never import http or components"],
    ["app/booking/labels.ts", "../components/pager", "Capabilities never import http or components"],
    ["app/payments/confirm.server.ts", "~/booking/index.server", "payments never imports booking"],
    ["app/catalogue/reviews.ts", "~/booking", "catalogue, accounts and backoffice import neither booking nor payments"],
    ["app/accounts/account.server.ts", "~/payments/index.server", "catalogue, accounts and backoffice"],
    ["app/backoffice/stats.server.ts", "../booking/index.server", "catalogue, accounts and backoffice"],
    ["app/http/openapi.ts", "~/components/pager", "http never imports components"],
    ["app/components/DataTable.ts", "~/http/paging", "components import platform and capabilities' client doors only"],
    ["app/components/Trip.ts", "~/catalogue/index.server", "components take a capability's client door"],
    ["app/routes/_index.ts", "~/catalogue/package-store.server", "Routes never import a *-store.server.ts"],
    ["app/root.tsx", "./booking/order-store.server", "Routes never import a *-store.server.ts"],
    ["app/routes/checkout.ts", "~/booking/orders.server", "Outside booking, import it through its doors only"],
    ["app/http/error-status.ts", "../payments/charge.server", "Outside payments, import it through its doors only"],
    ["app/booking/checkout.server.ts", "~/payments/charge.server", "Outside payments, import it through its doors only"],
    ["app/booking/core/booking-status.ts", "~/booking/placing/checkout", "booking/core imports no operation of booking"],
    ["app/booking/core/booking-row.server.ts", "../placing/checkout", "booking/core imports no operation of booking"],
    [
      "app/booking/core/booking-status.ts",
      "~/booking",
      "booking/core imports no operation of booking (placing/, paying/, …) nor its doors",
    ],
    [
      "app/booking/core/payment-plan.ts",
      "../index.server",
      "booking/core imports no operation of booking (placing/, paying/, …) nor its doors",
    ],
    ["app/platform/fields.test.ts", "~/booking/index.server", "platform imports no capability"],
    ["app/catalogue/search.test.ts", "~/routes/orders", "Nothing imports routes"],
  ])("%s importing %s: %s", async (file, specifier, expected) => {
    const messages = await boundaryMessages(fixtureLint, `${FIXTURE}/${file}`, importing(specifier));
    expect(
      messages.some((message) => message.includes(expected)),
      messages.join("\n"),
    ).toBe(true);
  });

  it.each([
    ["app/routes/checkout.ts", "~/booking/index.server"],
    ["app/routes/checkout.ts", "~/booking"],
    ["app/routes/checkout.ts", "~/http/paging"],
    ["app/routes/checkout.ts", "~/components/pager"],
    ["app/routes/checkout.ts", "~/platform/money"],
    ["app/routes/checkout.ts", "./orders"],
    ["app/routes/checkout.ts", "~/root"],
    ["app/root.tsx", "./payments/index.server"],
    ["app/http/openapi.ts", "~/catalogue/index.server"],
    ["app/http/openapi.ts", "../platform/money"],
    ["app/components/Trip.ts", "~/catalogue"],
    ["app/components/Trip.ts", "~/platform/money"],
    ["app/booking/checkout.server.ts", "~/payments/index.server"],
    ["app/booking/checkout.server.ts", "../catalogue/index.server"],
    ["app/booking/checkout.server.ts", "~/accounts/index.server"],
    ["app/booking/checkout.server.ts", "./order-store.server"],
    ["app/booking/checkout.server.ts", "~/booking/orders.server"],
    ["app/payments/confirm.server.ts", "~/platform/money"],
    ["app/booking/placing/checkout.ts", "~/booking/core/booking-status"],
    ["app/booking/placing/checkout.ts", "../core/booking-status"],
    ["app/booking/core/booking-row.server.ts", "./booking-status"],
    ["app/booking/core/booking-row.server.ts", "~/payments/index.server"],
    ["app/platform/format.ts", "./money"],
    // Tests set up their data through stores and call routes.
    ["app/routes/orders.test.ts", "~/booking/order-store.server"],
    ["app/routes/orders.test.ts", "~/payments/charge.server"],
    ["app/routes/orders.test.ts", "./orders"],
    ["app/booking/core/booking-status.test.ts", "~/booking/placing/checkout"],
  ])("%s may import %s", async (file, specifier) => {
    expect(await boundaryMessages(fixtureLint, `${FIXTURE}/${file}`, importing(specifier))).toEqual([]);
  });

  it("holds in the project's own config, for ~/ and relative imports alike", async () => {
    const projectLint = new ESLint({ cwd: REPO });
    for (const specifier of ["~/root", "../root", "~/routes/_index", "../routes/_index"]) {
      const messages = await boundaryMessages(projectLint, `${REPO}/app/platform/probe.ts`, importing(specifier));
      expect(messages, specifier).toEqual([expect.stringContaining("Nothing imports routes or the root files")]);
    }
  });

  it("keeps the project's booking/core from importing its operations", async () => {
    const projectLint = new ESLint({ cwd: REPO });
    for (const specifier of ["~/booking/placing/checkout", "../placing/checkout", "~/booking/index.server"]) {
      const messages = await boundaryMessages(projectLint, `${REPO}/app/booking/core/probe.ts`, importing(specifier));
      expect(messages, specifier).toEqual([expect.stringContaining("booking/core imports no operation of booking")]);
    }
  });
});

describe("the folder cycle check", () => {
  it("reports a loop between two folders with one import for each way", () => {
    const cycles = findCycles(
      folderEdges([
        {
          file: "booking/orders.server.ts",
          imports: ["../payments/index.server", "./order-store.server", "~/platform/db.server"],
        },
        { file: "payments/confirm.server.ts", imports: ["~/booking/order-store.server", "~/booking/orders.server"] },
        { file: "platform/db.server.ts", imports: ["@prisma/client"] },
      ]),
    );
    expect(describeCycles(cycles)).toBe(
      [
        "Folder import cycle: booking → payments → booking",
        '  booking → payments: app/booking/orders.server.ts imports "../payments/index.server"',
        '  payments → booking: app/payments/confirm.server.ts imports "~/booking/order-store.server"',
      ].join("\n"),
    );
  });

  it("reports a longer loop, root files included, and names every folder of the knot", () => {
    const cycles = findCycles(
      folderEdges([
        { file: "root.tsx", imports: ["~/components/Footer"] },
        { file: "components/Footer.tsx", imports: ["~/routes/newsletter", "~/platform/money"] },
        { file: "routes/newsletter.tsx", imports: ["~/root", "~/platform/money"] },
        { file: "routes/_index.tsx", imports: ["~/http/paging"] },
        { file: "http/paging.ts", imports: ["~/components/Footer"] },
        { file: "platform/money.ts", imports: [] },
      ]),
    );
    expect(cycles).toHaveLength(1);
    expect(cycles[0].cycle.map(({ from }) => from)).toEqual(["components", "routes", "http"]);
    expect(cycles[0].knot).toEqual(["components", "http", "root", "routes"]);
    expect(describeCycles(cycles)).toContain("(these folders all reach each other: components, http, root, routes)");
  });

  it("passes folders that only import downwards", () => {
    const sources = [
      { file: "root.tsx", imports: ["~/components/Footer", "~/booking/index.server"] },
      { file: "routes/_index.tsx", imports: ["~/root", "~/booking", "~/http/paging"] },
      { file: "http/paging.ts", imports: ["~/platform/paging"] },
      { file: "booking/index.server.ts", imports: ["./orders.server", "~/payments/index.server"] },
      { file: "payments/index.server.ts", imports: ["../platform/db.server"] },
      { file: "components/Footer.tsx", imports: ["~/platform/money", "react"] },
    ];
    expect(findCycles(folderEdges(sources))).toEqual([]);
  });

  it("reports a loop between the sub-folders of one folder, the door included, imports leaving it aside", () => {
    const sources = [
      { file: "booking/index.ts", imports: ["./placing/checkout", "./core/booking-status"] },
      { file: "booking/core/booking-status.ts", imports: ["~/booking", "~/platform/dates"] },
      { file: "booking/placing/checkout.ts", imports: ["../core/booking-status", "~/catalogue"] },
      { file: "catalogue/index.ts", imports: ["~/platform/money"] },
    ];
    expect(subFolderedFolders(sources)).toEqual(["booking"]);
    const cycles = findCycles(folderEdges(sources, "booking"));
    expect(describeCycles(cycles)).toBe(
      [
        "Folder import cycle: booking/core → booking/index → booking/core",
        '  booking/core → booking/index: app/booking/core/booking-status.ts imports "~/booking"',
        '  booking/index → booking/core: app/booking/index.ts imports "./core/booking-status"',
        "  (these folders all reach each other: booking/core, booking/index, booking/placing)",
      ].join("\n"),
    );
    expect(findCycles(folderEdges(sources))).toEqual([]);
  });

  it("passes sub-folders that import the core only", () => {
    const sources = [
      { file: "booking/index.server.ts", imports: ["./placing/placement.server", "./paying/payments.server"] },
      { file: "booking/placing/placement.server.ts", imports: ["~/booking/core/booking-store.server"] },
      { file: "booking/paying/payments.server.ts", imports: ["../core/booking-store.server", "~/payments/index.server"] },
      { file: "booking/core/booking-store.server.ts", imports: ["./booking-status", "~/platform/db.server"] },
    ];
    expect(findCycles(folderEdges(sources, "booking"))).toEqual([]);
  });

  it("reads the imports of the fixture's files (none of them test files)", () => {
    const sources = readSources(`${FIXTURE}/app`);
    expect(sources).toContainEqual({ file: "booking/orders.server.ts", imports: ["../payments/index.server"] });
    expect([...folderEdges(sources).entries()]).toEqual([
      ["booking", new Map([["payments", 'app/booking/orders.server.ts imports "../payments/index.server"']])],
    ]);
    expect(findCycles(folderEdges(sources))).toEqual([]);
    expect([...folderEdges(sources, "booking").entries()]).toEqual([
      ["booking/index.server", new Map([["booking/orders.server", 'app/booking/index.server.ts imports "./orders.server"']])],
      ["booking/placing", new Map([["booking/core", 'app/booking/placing/checkout.ts imports "../core/booking-status"']])],
    ]);
  });
});
