// The orders lists' one query: paging, search, filters and sort against a real database (both).
import { beforeAll, describe, expect, it } from "vitest";
import { effectiveStatus } from "~/booking/core/booking-status";
import type { OrderListFilter, OrderSort } from "~/booking/lists/booking-list";
import { type OrderCursor, listOrdersPage, orderPages, orderSortKey } from "~/booking/lists/booking-list-store.server";
import { db, queriesRun } from "~/platform/db.server";
import { seedOrderList } from "../../../tests/support/order-lists";

const now = new Date();
let seeded: Awaited<ReturnType<typeof seedOrderList>>;

// Creating and migrating this file's database takes seconds on a busy machine: a hook of its own.
beforeAll(async () => {
  await db();
});

beforeAll(async () => {
  seeded = await seedOrderList(60, now);
});

/** Every page of the list, walking Next: the ids in order. */
async function walk(filter: OrderListFilter, sort: OrderSort = "newest", limit = 7, ownerId?: string) {
  const ids: string[] = [];
  let cursor: OrderCursor | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const { rows, hasMore } = await listOrdersPage({ filter, sort, cursor, limit, now, ownerId });
    expect(rows.length).toBeLessThanOrEqual(limit);
    ids.push(...rows.map((row) => row.id));
    if (!hasMore) return ids;
    const last = rows[rows.length - 1];
    cursor = { direction: "after", key: orderSortKey(last, sort), id: last.id };
  }
  throw new Error("too many pages");
}

const byNewest = () => [...seeded.orders].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

describe("listOrdersPage", () => {
  it("walks every order once, newest first, a page at a time", async () => {
    expect(await walk({})).toEqual(byNewest().map((order) => order.id));
  });

  it("sorts by date and price both ways, ties broken by the id", async () => {
    const oldest = [...seeded.orders].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((order) => order.id);
    expect(await walk({}, "oldest")).toEqual(oldest);
    const ids = (orders: typeof seeded.orders) => orders.map((order) => order.id);
    const byPrice = [...seeded.orders].sort((a, b) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : 1));
    const ascending = await walk({}, "price-asc");
    expect(ascending.map((id) => seeded.orders.find((order) => order.id === id)!.priceCents)).toEqual(
      byPrice.map((order) => order.priceCents),
    );
    expect(new Set(ascending)).toEqual(new Set(ids(byPrice)));
    const descending = await walk({}, "price-desc");
    expect(descending).toEqual([...ascending].reverse());
  });

  it("reads backwards from a cursor (Previous) in the list's order", async () => {
    const all = byNewest();
    const { rows } = await listOrdersPage({
      filter: {},
      sort: "newest",
      cursor: { direction: "before", key: all[10].createdAt, id: all[10].id },
      limit: 5,
      now,
    });
    expect(rows.map((row) => row.id)).toEqual(all.slice(5, 10).map((order) => order.id));
  });

  it("searches a prefix of the name, full name, email, phone or order number, in any case", async () => {
    const target = seeded.orders[42];
    for (const q of [
      target.lastName.toUpperCase(),
      `${target.firstName} ${target.lastName}`.toLowerCase(),
      target.email.toUpperCase(),
      target.mobileNumber,
      target.id.slice(0, 20),
      `+88${target.mobileNumber}`,
    ]) {
      const ids = await walk({ q });
      expect(ids, q).toContain(target.id);
    }
    expect(await walk({ q: "Das4" })).toHaveLength(11); // Das4, Das40-Das49
    expect(await walk({ q: "nobody-like-this" })).toEqual([]);
    // LIKE's wildcards are taken literally
    expect(await walk({ q: "%" })).toEqual([]);
    expect(await walk({ q: "customer_" })).toEqual([]);
  });

  it("filters by payment, booking status (effective), package and travel month, together", async () => {
    const expect_ = (predicate: (order: (typeof seeded.orders)[number]) => boolean) =>
      byNewest()
        .filter(predicate)
        .map((order) => order.id);
    expect(await walk({ payment: "PAID" })).toEqual(expect_((order) => order.paymentStatus === "PAID"));
    for (const status of ["PENDING", "EXPIRED", "CONFIRMED"] as const) {
      expect(await walk({ status }), status).toEqual(expect_((order) => effectiveStatus(order, now) === status));
    }
    expect(await walk({ packageId: seeded.packages[1].id })).toEqual(
      expect_((order) => order.serviceId === seeded.packages[1].id),
    );
    expect(await walk({ packageName: "BANDARBAN list" })).toEqual(expect_((order) => order.serviceId === seeded.packages[1].id));
    expect(await walk({ month: "2026-12" })).toEqual(expect_((order) => order.travelDate?.getUTCMonth() === 11));
    const combined = await walk({ month: "2026-11", packageId: seeded.packages[0].id, payment: "UNPAID" });
    expect(combined).toEqual(
      expect_(
        (order) =>
          order.travelDate?.getUTCMonth() === 10 && order.serviceId === seeded.packages[0].id && order.paymentStatus === "UNPAID",
      ),
    );
    expect(combined.length).toBeGreaterThan(0);
  });

  it("an owner sees only their own orders", async () => {
    const ids = await walk({}, "newest", 7, seeded.owner.id);
    expect(ids).toEqual(
      byNewest()
        .filter((order) => order.userId === seeded.owner.id)
        .map((order) => order.id),
    );
    expect(await walk({ q: seeded.orders[0].email }, "newest", 7, seeded.owner.id)).toEqual([]); // order 0 is the other's
  });

  it("leaves deleted orders out", async () => {
    const prisma = await db();
    const gone = seeded.orders[59];
    await prisma.order.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect(await walk({})).not.toContain(gone.id);
    await prisma.order.update({ where: { id: gone.id }, data: { deletedAt: null } });
  });

  it("one query a page, however deep; the export reads pages of the given size", async () => {
    const before = queriesRun();
    await listOrdersPage({ filter: { q: "rina", status: "PENDING" }, sort: "price-desc", cursor: null, limit: 25, now });
    expect(queriesRun() - before).toBe(1);
    const sizes: number[] = [];
    for await (const page of orderPages({ filter: {}, sort: "newest", now }, 25)) sizes.push(page.length);
    expect(sizes).toEqual([25, 25, 10]);
  });
});
