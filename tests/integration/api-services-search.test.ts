// GET /api/services: the search parameters of /services, cursor paging with a Link header, 400s
// naming each bad parameter; every answer checked against the OpenAPI document.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as services from "~/routes/api.services";
import { expectDocumented } from "../support/openapi";
import { ORIGIN } from "../support/requests";

interface Service {
  _id: string;
  title: string;
  cost: number;
  image: string;
  description: string;
}

async function get(
  path: string,
): Promise<{ status: number; headers: Headers; body: Service[] & { error?: string; details?: Record<string, string[]> } }> {
  const response = await services.loader({ request: new Request(new URL(path, ORIGIN)), params: {}, context: {} });
  const body = await response.json();
  expectDocumented("/api/services", "GET", { status: response.status, headers: response.headers, body });
  return { status: response.status, headers: response.headers, body };
}

/** The path of the Link rel="next" header, or null. */
function nextPath(headers: Headers): string | null {
  const link = headers.get("Link");
  if (link === null) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(match, link).not.toBeNull();
  return match![1];
}

async function all(path: string): Promise<{ titles: string[]; pages: number }> {
  const titles: string[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next !== null && pages < 50) {
    const answer = await get(next);
    expect(answer.status).toBe(200);
    titles.push(...answer.body.map((service) => service.title));
    next = nextPath(answer.headers);
    pages++;
  }
  return { titles, pages };
}

beforeAll(async () => {
  const prisma = await db();
  await prisma.service.createMany({
    data: Array.from({ length: 120 }, (_, index) => ({
      title: `Api tour ${String(index + 1).padStart(3, "0")}`,
      costCents: (index + 1) * 100,
      image: "/images/tours/bandarban.svg",
      description: "Listed by the API.",
      destination: index < 10 ? "Sunamganj" : "Natore",
      durationDays: index < 10 ? 2 : 9,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
    })),
  });
});

describe("GET /api/services", () => {
  it("without parameters answers the newest 50 packages with the spec's shape and a Link to the rest", async () => {
    const answer = await get("/api/services");
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(50);
    // the spec's fields, then the trip facts (null or empty when a package has none)
    expect(Object.keys(answer.body[0]).slice(0, 5)).toEqual(["_id", "title", "cost", "image", "description"]);
    expect(nextPath(answer.headers)).toMatch(/^\/api\/services\?cursor=[\w-]+$/);
    const everything = await all("/api/services");
    const prisma = await db();
    expect(everything.titles).toHaveLength(await prisma.service.count({ where: { deletedAt: null } }));
    expect(new Set(everything.titles).size).toBe(everything.titles.length);
  });

  it("pages with limit and cursor, keeping the other parameters, up to 100 a page", async () => {
    const cheapest = await all("/api/services?q=api+tour&sort=price-asc&limit=7");
    expect(cheapest.pages).toBe(Math.ceil(120 / 7));
    expect(cheapest.titles).toEqual(Array.from({ length: 120 }, (_, index) => `Api tour ${String(index + 1).padStart(3, "0")}`));
    const hundred = await get("/api/services?q=api+tour&limit=100");
    expect(hundred.body).toHaveLength(100);
    expect(nextPath(hundred.headers)).toMatch(/^\/api\/services\?q=api\+tour&limit=100&cursor=/);
    const last = await get("/api/services?q=api+tour&limit=120");
    expect(last.status).toBe(400);
  });

  it("continues after its cursor when packages are added meanwhile: nothing repeated, nothing skipped", async () => {
    const first = await get("/api/services?q=api+tour&limit=30");
    const prisma = await db();
    await prisma.service.create({ data: { title: "Api tour NEW", costCents: 100, image: "/x.svg", description: "." } });
    const rest = await all(nextPath(first.headers)!);
    const titles = [...first.body.map((service) => service.title), ...rest.titles];
    expect(titles).not.toContain("Api tour NEW"); // newer than the cursor: on a fresh first page
    expect(titles).toHaveLength(120);
    expect(new Set(titles).size).toBe(120);
    await prisma.service.updateMany({ where: { title: "Api tour NEW" }, data: { deletedAt: new Date() } });
  });

  it("filters like /services", async () => {
    const answer = await get("/api/services?destination=Sunamganj&days=1-3&minCost=3&maxCost=5&sort=price-desc");
    expect(answer.body.map((service) => service.cost)).toEqual([5, 4, 3]);
    expect(answer.headers.get("Link")).toBeNull();
    expect((await get("/api/services?q=nothing+like+this")).body).toEqual([]);
  });

  it("answers 400 naming every invalid parameter", async () => {
    const answer = await get("/api/services?destination=Mars&minCost=x&days=0&month=2026-00&sort=best&limit=101&cursor=%21%21");
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Invalid parameters: destination, minCost, days, month, sort, limit, cursor.");
    expect(answer.body.details?.limit).toEqual(["limit must be a whole number from 1 to 100."]);
    // A cursor made under another sort is refused, not misread.
    const byPrice = await get("/api/services?sort=price-asc&limit=1");
    const cursor = new URL(nextPath(byPrice.headers)!, ORIGIN).searchParams.get("cursor");
    const mixed = await get(`/api/services?sort=newest&cursor=${cursor}`);
    expect(mixed.status).toBe(400);
    expect(Object.keys(mixed.body.details ?? {})).toEqual(["cursor"]);
  });
});
