import { beforeAll, describe, expect, it } from "vitest";
import { issueInvoiceNumber } from "~/booking/core/booking-payments-store.server";
import { takeCreditNoteNumber } from "~/invoicing/index.server";
import { db } from "~/platform/db.server";
import { createUser } from "../../../tests/support/auth";
import { firstPackage, insertBooking } from "../../../tests/support/orders";

// Each test numbers documents of a year of its own: the counters are per year.
const owner = { id: "", email: "" };

beforeAll(async () => {
  Object.assign(owner, await createUser());
});

async function orders(count: number) {
  const tourPackage = await firstPackage();
  return Promise.all(Array.from({ length: count }, () => insertBooking(owner, tourPackage)));
}

const serials = (numbers: string[], prefix: string) =>
  numbers.map((number) => {
    expect(number).toMatch(new RegExp(`^${prefix}-\\d{6}$`));
    return Number(number.slice(-6));
  });

describe("invoice numbers", () => {
  it("gives 50 concurrent first payments the numbers 1 to 50 of the year, no gap, no duplicate", async () => {
    const prisma = await db();
    const placed = await orders(50);
    const at = new Date("2031-03-01T10:00:00Z");
    const numbers = await Promise.all(
      placed.map((order) =>
        prisma.$transaction((tx) => issueInvoiceNumber(tx, order.id, at), { timeout: 60_000, maxWait: 60_000 }),
      ),
    );
    expect(serials(numbers, "INV-2031").sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const stored = await prisma.order.findMany({ where: { id: { in: placed.map((order) => order.id) } } });
    expect(new Set(stored.map((order) => order.invoiceNumber)).size).toBe(50);
    expect(stored.every((order) => order.invoicedAt?.getTime() === at.getTime())).toBe(true);
  });

  it("keeps a booking's number for its later payments", async () => {
    const prisma = await db();
    const [order] = await orders(1);
    const at = new Date("2032-05-01T10:00:00Z");
    const first = await prisma.$transaction((tx) => issueInvoiceNumber(tx, order.id, at));
    const second = await prisma.$transaction((tx) => issueInvoiceNumber(tx, order.id, new Date("2032-06-01T10:00:00Z")));
    expect(first).toBe("INV-2032-000001");
    expect(second).toBe(first);
    const [next] = await orders(1);
    expect(await prisma.$transaction((tx) => issueInvoiceNumber(tx, next.id, at))).toBe("INV-2032-000002");
  });

  it("leaves no gap when the payment's transaction rolls back", async () => {
    const prisma = await db();
    const [failed, paid] = await orders(2);
    const at = new Date("2033-01-10T10:00:00Z");
    await expect(
      prisma.$transaction(async (tx) => {
        expect(await issueInvoiceNumber(tx, failed.id, at)).toBe("INV-2033-000001");
        throw new Error("the payment could not be recorded");
      }),
    ).rejects.toThrow("could not be recorded");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: failed.id } })).invoiceNumber).toBeNull();
    expect(await prisma.$transaction((tx) => issueInvoiceNumber(tx, paid.id, at))).toBe("INV-2033-000001");
  });

  it("counts in the agency's year: 31 December at 20:00 UTC is already the new year in Dhaka", async () => {
    const prisma = await db();
    const [late, early] = await orders(2);
    expect(await prisma.$transaction((tx) => issueInvoiceNumber(tx, late.id, new Date("2034-12-31T17:59:00Z")))).toBe(
      "INV-2034-000001",
    );
    expect(await prisma.$transaction((tx) => issueInvoiceNumber(tx, early.id, new Date("2034-12-31T20:00:00Z")))).toBe(
      "INV-2035-000001",
    );
  });
});

describe("credit note numbers", () => {
  it("are counted apart from invoices, without gaps under concurrency", async () => {
    const prisma = await db();
    const at = new Date("2031-03-01T10:00:00Z");
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () => prisma.$transaction((tx) => takeCreditNoteNumber(tx, at), { timeout: 60_000 })),
    );
    expect(serials(numbers, "CN-2031").sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
