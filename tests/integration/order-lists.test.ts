// The lists at scale as each role calls them: Manage All Orders and My Orders (pages), the API's
// paged lists (Link header, cursor walk) and the CSV exports.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { encodeCursor } from "~/platform/paging";
import * as myOrdersApi from "~/routes/api.my-orders";
import * as reviewApi from "~/routes/api.review";
import * as usersApi from "~/routes/api.users";
import * as ordersCsv from "~/routes/dashboard.export.orders[.]csv";
import * as usersCsv from "~/routes/dashboard.export.users[.]csv";
import * as manageAllOrders from "~/routes/dashboard.manageAllOrders";
import * as myOrder from "~/routes/dashboard.myOrder";
import { authedGet, createUser, signIn } from "../support/auth";
import { seedOrderList } from "../support/order-lists";
import { callRoute, type RouteAnswer } from "../support/requests";

let seeded: Awaited<ReturnType<typeof seedOrderList>>;
let adminCookie: string;
let ownerCookie: string;
let otherCookie: string;

// Creating and migrating this file's database takes seconds on a busy machine: a hook of its own.
beforeAll(async () => {
  await db();
});

beforeAll(async () => {
  seeded = await seedOrderList(60);
  adminCookie = await signIn((await createUser({ role: "ADMIN" })).id);
  ownerCookie = await signIn(seeded.owner.id);
  otherCookie = await signIn(seeded.other.id);
});

type Page = {
  orders: { id: string; email: string; status: string; holdExpiresAt: string | null }[];
  next: string | null;
  previous: string | null;
};

async function page(route: typeof manageAllOrders | typeof myOrder, path: string, cookie: string | null) {
  return callRoute<Page>(route.loader, authedGet(path, cookie));
}

describe("Manage All Orders", () => {
  it("administrators only: a customer is sent away, a visitor to the login", async () => {
    const customer = await page(manageAllOrders, "/dashboard/manageAllOrders", ownerCookie);
    expect(customer.status).toBe(302);
    expect(customer.location).toMatch(/^\/\?redirectTo=/);
    expect((await page(manageAllOrders, "/dashboard/manageAllOrders", null)).location).toMatch(/^\/login\?/);
    expect((await callRoute(ordersCsv.loader, authedGet("/dashboard/export/orders.csv", ownerCookie))).status).toBe(302);
    expect((await callRoute(usersCsv.loader, authedGet("/dashboard/export/users.csv", ownerCookie))).status).toBe(302);
  });

  it("25 a page, newest first; Next and Previous walk the list", async () => {
    const prisma = await db();
    const newest = await prisma.order.findMany({
      where: { deletedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const first = await page(manageAllOrders, "/dashboard/manageAllOrders", adminCookie);
    expect(first.status).toBe(200);
    expect(first.data.orders.map((order) => order.id)).toEqual(newest.slice(0, 25).map((order) => order.id));
    expect(first.data.previous).toBeNull();
    const second = await page(manageAllOrders, `/dashboard/manageAllOrders${first.data.next}`, adminCookie);
    expect(second.data.orders.map((order) => order.id)).toEqual(newest.slice(25, 50).map((order) => order.id));
    const back = await page(manageAllOrders, `/dashboard/manageAllOrders${second.data.previous}`, adminCookie);
    expect(back.data.orders.map((order) => order.id)).toEqual(newest.slice(0, 25).map((order) => order.id));
    expect(back.data.previous).toBeNull();
  });

  it("searches and filters from the query string; a bad value is dropped with a message", async () => {
    const target = seeded.orders[17];
    const found = await page(manageAllOrders, `/dashboard/manageAllOrders?q=${encodeURIComponent(target.email)}`, adminCookie);
    expect(found.data.orders.map((order) => order.id)).toEqual([target.id]);
    const expired = await page(manageAllOrders, "/dashboard/manageAllOrders?status=EXPIRED&q=customer", adminCookie);
    expect(expired.data.orders.length).toBeGreaterThan(0);
    expect(expired.data.orders.every((order) => order.status === "EXPIRED")).toBe(true);
    const bad = await callRoute<{ errors: string[] }>(
      manageAllOrders.loader,
      authedGet("/dashboard/manageAllOrders?month=soon&after=garbage", adminCookie),
    );
    expect(bad.status).toBe(200);
    expect(bad.data.errors).toEqual([
      "The travel month must look like 2026-11.",
      "That page link is no longer valid: showing the first page.",
    ]);
  });
});

describe("My Orders", () => {
  it("a customer sees only their own orders, newest first, 25 a page", async () => {
    const own = seeded.orders.filter((order) => order.userId === seeded.owner.id).reverse();
    const first = await page(myOrder, "/dashboard/myOrder", ownerCookie);
    expect(first.data.orders.map((order) => order.id)).toEqual(own.slice(0, 25).map((order) => order.id));
    // a pending booking carries its hold's end (shown as "Pay by …"); one past it shows as expired
    const statuses = new Set(first.data.orders.map((order) => order.status));
    expect(statuses).toContain("PENDING");
    expect(statuses).toContain("EXPIRED");
    for (const order of first.data.orders.filter((row) => row.status === "PENDING")) expect(order.holdExpiresAt).not.toBeNull();
    const second = await page(myOrder, `/dashboard/myOrder${first.data.next}`, ownerCookie);
    expect(second.data.orders.map((order) => order.id)).toEqual(own.slice(25, 50).map((order) => order.id));
    // the admin filters do not widen it: a search for someone else's order finds nothing
    const theirs = seeded.orders.find((order) => order.userId === seeded.other.id)!;
    expect((await page(myOrder, `/dashboard/myOrder?q=${theirs.email}`, ownerCookie)).data.orders).toEqual([]);
    const other = await page(myOrder, "/dashboard/myOrder", otherCookie);
    expect(other.data.orders.every((order) => seeded.orders.find((o) => o.id === order.id)?.userId === seeded.other.id)).toBe(
      true,
    );
  });
});

/** Follows the Link headers from `path`: every item's id, and the number of pages. */
async function walkApi(
  loader: typeof myOrdersApi.loader,
  path: string,
  cookie: string | null,
  during?: (pageIndex: number) => Promise<void>,
) {
  const ids: string[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next) {
    const answer: RouteAnswer<{ _id: string }[]> = await callRoute<{ _id: string }[]>(loader, authedGet(next, cookie));
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.data)).toBe(true);
    ids.push(...answer.data.map((item: { _id: string }) => item._id));
    const link: string | null = answer.headers.get("Link");
    next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : null;
    pages += 1;
    await during?.(pages);
  }
  return { ids, pages };
}

describe("API lists", () => {
  it("GET /api/my-orders: every order once, in order, across pages, while an order is placed meanwhile", async () => {
    const prisma = await db();
    const before = await prisma.order.findMany({
      where: { deletedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    let inserted: string | undefined;
    const { ids, pages } = await walkApi(myOrdersApi.loader, "/api/my-orders?limit=7", adminCookie, async (index) => {
      if (index !== 2) return;
      const copy = seeded.orders[5];
      const { id, reference, createdAt: _c, updatedAt: _u, ...rest } = copy;
      void id;
      void reference;
      inserted = (await prisma.order.create({ data: { ...rest, email: "late@list.example" }, select: { id: true } })).id;
    });
    expect(ids).toEqual(before.map((order) => order.id));
    expect(ids).not.toContain(inserted);
    expect(pages).toBe(Math.ceil(before.length / 7));
    await prisma.order.delete({ where: { id: inserted! } });
  });

  it("GET /api/my-orders?email=: the customer's own, paged; the default page is 50", async () => {
    const own = seeded.orders
      .filter((order) => order.userId === seeded.owner.id)
      .reverse()
      .map((order) => order.id);
    const email = encodeURIComponent(seeded.owner.email);
    expect((await walkApi(myOrdersApi.loader, `/api/my-orders?email=${email}&limit=3`, ownerCookie)).ids).toEqual(own);
    const first = await callRoute<unknown[]>(myOrdersApi.loader, authedGet(`/api/my-orders?email=${email}`, ownerCookie));
    expect(first.data).toHaveLength(Math.min(50, own.length));
    expect(first.headers.get("Link")).toBeNull();
  });

  it("refuses a bad limit or cursor with 400", async () => {
    for (const query of ["limit=0", "limit=101", "limit=x", "cursor=%21%21", `cursor=${encodeCursor([1, 2])}`]) {
      const answer = await callRoute<{ error: string }>(myOrdersApi.loader, authedGet(`/api/my-orders?${query}`, adminCookie));
      expect(answer.status, query).toBe(400);
      expect(answer.data.error).toMatch(/limit|cursor/);
    }
    expect((await callRoute(reviewApi.loader, authedGet("/api/review?limit=500", null))).status).toBe(400);
    expect((await callRoute(usersApi.loader, authedGet("/api/users?cursor=abc", adminCookie))).status).toBe(400);
  });

  it("GET /api/review and GET /api/users walk every item once", async () => {
    const prisma = await db();
    await prisma.review.createMany({
      data: Array.from({ length: 12 }, (_, index) => ({
        name: `R${index}`,
        email: `r${index}@x.example`,
        rating: 5,
        review: "Good",
      })),
    });
    const reviews = await prisma.review.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    expect((await walkApi(reviewApi.loader, "/api/review?limit=5", null)).ids).toEqual(reviews.map((review) => review.id));
    const users = await prisma.user.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
    expect((await walkApi(usersApi.loader, "/api/users?limit=2", adminCookie)).ids).toEqual(users.map((user) => user.id));
    expect((await callRoute(usersApi.loader, authedGet("/api/users", ownerCookie))).status).toBe(403);
  });
});

/** RFC 4180 records of a CSV text (enough for these tests: quoted fields may hold , " and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") endField();
    else if (char === "\r" && text[i + 1] === "\n") {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += char;
  }
  return rows;
}

describe("CSV exports", () => {
  it("orders: the page's filters applied, quoted and guarded, as an attachment", async () => {
    const answer = await callRoute<string>(
      ordersCsv.loader,
      authedGet("/dashboard/export/orders.csv?q=customer&payment=PAID", adminCookie),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(answer.data);
    expect(header[0]).toBe("Order number");
    const paid = seeded.orders.filter((order) => order.paymentStatus === "PAID").reverse();
    expect(rows.map((row) => row[0])).toEqual(paid.map((order) => order.id));
    expect(rows.every((row) => row[header.indexOf("Payment")] === "PAID")).toBe(true);
    // a filter the page would drop is refused here, rather than exporting everything
    expect((await callRoute(ordersCsv.loader, authedGet("/dashboard/export/orders.csv?status=nope", adminCookie))).status).toBe(
      400,
    );
  });

  it("orders: injection guard and quoting in an exported row", async () => {
    const prisma = await db();
    const tricky = seeded.orders[31];
    await prisma.order.update({
      where: { id: tricky.id },
      data: { firstName: "@SUM(A1)", lastName: "-1", streetAddress: 'Road "7", Block B' },
    });
    const answer = await callRoute<string>(
      ordersCsv.loader,
      authedGet(`/dashboard/export/orders.csv?q=${tricky.id}`, adminCookie),
    );
    expect(answer.data).toContain(`${tricky.id},`);
    expect(answer.data).toContain(`,'@SUM(A1),'-1,`);
    expect(answer.data).toContain(`,"Road ""7"", Block B",`);
    expect(parseCsv(answer.data)).toHaveLength(2);
  });

  it("users: every account, oldest first", async () => {
    const prisma = await db();
    const users = await prisma.user.findMany({
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, email: true },
    });
    const answer = await callRoute<string>(usersCsv.loader, authedGet("/dashboard/export/users.csv", adminCookie));
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename="users-/);
    const [header, ...rows] = parseCsv(answer.data);
    expect(header).toEqual(["User id", "E-mail", "Name", "Role", "Disabled", "Registered at"]);
    expect(rows.map((row) => row[1])).toEqual(users.map((user) => user.email));
  });
});
