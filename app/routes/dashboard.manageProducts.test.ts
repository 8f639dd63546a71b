// Manage Products: 25 packages a page, newest first, searched with q, for administrators only.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { loader } from "~/routes/dashboard.manageProducts";
import { createUser, signIn } from "../../tests/support/auth";
import { callRoute, getRequest } from "../../tests/support/requests";

let adminCookie = "";

beforeAll(async () => {
  const prisma = await db();
  await prisma.service.createMany({
    data: Array.from({ length: 60 }, (_, index) => ({
      title: `Managed tour ${String(index + 1).padStart(2, "0")}`,
      costCents: 100_00,
      image: "/images/tours/bandarban.svg",
      description: index % 3 === 0 ? "A river trip." : "A hill walk.",
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, index)),
    })),
  });
  adminCookie = await signIn((await createUser({ role: "ADMIN" })).id);
});

const load = (search: string, cookie = adminCookie) =>
  callRoute(loader, getRequest(`/dashboard/manageProducts${search}`, { headers: { Cookie: cookie } }));

describe("Manage Products", () => {
  it("shows 25 packages a page, newest first, with the count", async () => {
    const prisma = await db();
    const total = await prisma.service.count({ where: { deletedAt: null } });
    const first = await load("");
    expect(first.data.packages).toHaveLength(25);
    expect(first.data.packages[0].title).toBe("Managed tour 60");
    expect(first.data).toMatchObject({ page: 1, total, pageCount: Math.ceil(total / 25) });
    const third = await load("?page=3");
    expect(third.data.packages.map((row: { title: string }) => row.title).slice(0, 10)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Managed tour ${String(10 - index).padStart(2, "0")}`),
    );
  });

  it("searches with q and pages the result", async () => {
    const river = await load("?q=A+RIVER+TRIP");
    expect(river.data.total).toBe(20);
    expect(river.data.pageCount).toBe(1);
    expect(river.data.packages.every((row: { description: string }) => row.description === "A river trip.")).toBe(true);
    const none = await load("?q=submarine");
    expect(none.data).toMatchObject({ packages: [], total: 0 });
    const tooLong = await load(`?q=${"x".repeat(101)}`);
    expect(tooLong.data.qError).toBe("q can be at most 100 characters.");
  });

  it("is for administrators only", async () => {
    const customerCookie = await signIn((await createUser()).id);
    const answer = await load("", customerCookie);
    expect(answer.thrown).toBe(true);
    expect(answer.data?.packages).toBeUndefined();
  });
});
