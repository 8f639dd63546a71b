// Each table belongs to one capability and only its stores write it (docs/decisions/0012): a store
// of another capability writing it, on its own client or a passed-in transaction, by the client or
// raw SQL, fails the lint; a model without one owner fails it too.
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { prismaModels, TABLE_OWNERS, unownedModels } from "../../scripts/prisma-models.mjs";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const lint = new ESLint({ cwd: REPO });

async function ownerMessages(file: string, code: string) {
  const [result] = await lint.lintText(code, { filePath: `${REPO}/${file}` });
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.filter((message) => message.message.includes("TABLE_OWNERS")).map((message) => message.message);
}

const writing = (statement: string) =>
  `import type { Tx } from "~/platform/db.server";\n\nexport async function probe(tx: Tx) {\n  await ${statement};\n}\n`;

describe("the tables' owners", () => {
  it.each([
    [
      "app/booking/channel/probe-store.server.ts",
      "tx.user.create({ data: { email: 'a@b.c', displayName: 'a' } })",
      "User belongs to accounts",
    ],
    [
      "app/booking/core/probe-store.server.ts",
      "tx.reseller.updateMany({ where: {}, data: {} })",
      "Reseller belongs to distribution",
    ],
    [
      "app/invoicing/probe-store.server.ts",
      "tx.order.updateMany({ where: {}, data: { invoiceNumber: 'x' } })",
      "Order belongs to booking",
    ],
    ["app/accounts/probe-store.server.ts", "tx.order.deleteMany({ where: {} })", "Order belongs to booking"],
    [
      "app/booking/paying/probe-store.server.ts",
      "tx.outboxEmail.create({ data: { to: 'a', subject: 'b', text: 'c' } })",
      "OutboxEmail belongs to platform",
    ],
    [
      "app/booking/core/probe-store.server.ts",
      "tx.payment.upsert({ where: { id: 'x' }, create: {}, update: {} } as never)",
      "Payment belongs to payments",
    ],
    ["app/platform/probe.server.ts", "tx.service.delete({ where: { id: 'x' } })", "Service belongs to catalogue"],
    ["app/catalogue/probe-store.server.ts", 'tx.$executeRaw`UPDATE "Order" SET "quantity" = 1`', "Order belongs to booking"],
    [
      "app/backoffice/probe-store.server.ts",
      'tx.$executeRaw`INSERT INTO "Session" ("id") VALUES (1)`',
      "Session belongs to accounts",
    ],
    [
      "app/booking/sweep/probe-store.server.ts",
      'tx.$executeRaw`DELETE FROM "PaymentSession" WHERE true`',
      "PaymentSession belongs to payments",
    ],
  ])("%s writing %s: %s", async (file, statement, expected) => {
    const messages = await ownerMessages(file, writing(statement));
    expect(
      messages.some((message) => message.startsWith(expected)),
      messages.join("\n"),
    ).toBe(true);
  });

  it.each([
    ["app/booking/core/probe-store.server.ts", "tx.order.updateMany({ where: {}, data: {} })"],
    ["app/accounts/probe-store.server.ts", "tx.user.create({ data: { email: 'a@b.c', displayName: 'a' } })"],
    ["app/platform/probe-store.server.ts", "tx.outboxEmail.createMany({ data: [] })"],
    ["app/booking/core/probe-store.server.ts", 'tx.$executeRaw`UPDATE "PromoCode" SET "redemptions" = 1`'],
    // reads across capabilities are not (yet) the owner's alone
    ["app/accounts/probe-store.server.ts", "tx.order.groupBy({ by: ['userId'] } as never)"],
    // platform's seed writes every capability's demo data; tests set up theirs
    ["app/platform/seed.server.ts", "tx.service.createMany({ data: [] })"],
    ["app/booking/core/probe-store.test.ts", "tx.user.create({ data: { email: 'a@b.c', displayName: 'a' } })"],
  ])("%s may run %s", async (file, statement) => {
    expect(await ownerMessages(file, writing(statement))).toEqual([]);
  });

  it("gives every model of the schema one owner, and names a model that has none or two", () => {
    expect(unownedModels()).toEqual([]);
    const models = prismaModels("model Order {\n}\nmodel Voucher {\n}\nmodel Refund {\n}\n");
    expect(unownedModels(models, { ...TABLE_OWNERS, payments: [...TABLE_OWNERS.payments, "Refund"] })).toEqual([
      "Voucher",
      "Refund",
    ]);
  });
});
