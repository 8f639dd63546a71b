// Only *-store.server.ts files (and platform/) use the database client (docs/decisions/0012): a
// query, raw SQL, a transaction or the client's import anywhere else fails the lint, a passed-in
// transaction included; the same code in a store, in platform/ or in a test does not.
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const lint = new ESLint({ cwd: REPO });

async function storeMessages(file: string, code: string) {
  const [result] = await lint.lintText(code, { filePath: `${REPO}/${file}` });
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.filter((message) => message.message.includes("Only *-store.server.ts files"));
}

const opening = `import { db } from "~/platform/db.server";\n\nexport const open = db;\n`;
const query = `import type { Tx } from "~/platform/db.server";\n\nexport const count = (tx: Tx) => tx.order.count({ where: {} });\n`;
const updating = `export async function paid(client: { order: { updateMany(args: object): Promise<unknown> } }) {\n  await client.order.updateMany({ where: {} });\n}\n`;
const raw = `import type { Tx } from "~/platform/db.server";\n\nexport const count = (tx: Tx) => tx.$queryRaw\`SELECT 1\`;\n`;
const transaction = `import type { Db } from "~/platform/db.server";\n\nexport const run = (prisma: Db) => prisma.$transaction(async () => 1);\n`;
const prismaValue = `import { Prisma } from "~/generated/prisma/client";\n\nexport const none = Prisma.DbNull;\n`;
const relative = `import { sqlTimestamp } from "../../platform/db.server";\n\nexport const at = sqlTimestamp;\n`;

describe("the database client outside the stores", () => {
  it.each([
    ["opens the client", "app/booking/promo-codes/probe.server.ts", opening],
    ["queries a model on a passed-in transaction", "app/invoicing/probe.server.ts", query],
    ["writes a model on any client", "app/booking/channel/probe.server.ts", updating],
    ["runs raw SQL", "app/booking/paying/probe.server.ts", raw],
    ["opens a transaction", "app/accounts/probe.server.ts", transaction],
    ["imports Prisma's values", "app/catalogue/probe.ts", prismaValue],
    ["imports the client relatively", "app/booking/paying/probe.server.ts", relative],
    ["in a route", "app/routes/probe.ts", opening],
    ["in the root files", "app/entry.server.tsx", opening],
  ])("fails the lint when a file %s", async (_what, file, code) => {
    expect(await storeMessages(file, code)).not.toEqual([]);
  });

  it.each([
    ["a store", "app/booking/paying/probe-store.server.ts"],
    ["platform/", "app/platform/probe.server.ts"],
    ["a test", "app/booking/paying/probe.test.ts"],
  ])("passes the same code in %s", async (_where, file) => {
    for (const code of [opening, query, updating, raw, transaction, prismaValue])
      expect(await storeMessages(file, code), code).toEqual([]);
  });

  it("lets any file name the client's types", async () => {
    const types = `import type { Prisma } from "~/generated/prisma/client";\nimport type { Tx } from "~/platform/db.server";\n\nexport type Row = Prisma.OrderSelect | Tx;\n`;
    expect(await storeMessages("app/booking/lists/probe.ts", types)).toEqual([]);
  });
});
