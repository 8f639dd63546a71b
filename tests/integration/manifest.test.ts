// A departure's manifest and check-in for guides and administrators: the page (with its Reveal),
// the CSV, GET /api/departures/{id}/manifest and POST /api/departures/{id}/check-in, each as
// anonymous, customer, guide and admin.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as checkInApi from "~/routes/api.departures.$id.check-in";
import * as manifestApi from "~/routes/api.departures.$id.manifest";
import * as page from "~/routes/dashboard.departures.$id";
import * as checkInPage from "~/routes/dashboard.departures.$id_.check-in";
import * as csv from "~/routes/dashboard.departures.$id_.manifest[.]csv";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { manifestFixture } from "../support/manifest";
import { callRoute, ORIGIN } from "../support/requests";

type Role = "anonymous" | "customer" | "guide" | "admin";
const cookies: Record<Role, string | null> = { anonymous: null, customer: null, guide: null, admin: null };
let fixture: Awaited<ReturnType<typeof manifestFixture>>;
let guideId = "";

beforeAll(async () => {
  const customer = await createUser();
  const guide = await createUser({ role: "GUIDE" });
  guideId = guide.id;
  cookies.customer = await signIn(customer.id);
  cookies.guide = await signIn(guide.id);
  cookies.admin = await signIn((await createUser({ role: "ADMIN" })).id);
  // The customer's own bookings: still not theirs to see as a manifest.
  fixture = await manifestFixture(customer.id);
});

function apiRequest(method: string, path: string, cookie: string | null, body?: unknown) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function reveals() {
  const prisma = await db();
  return prisma.idNumberReveal.count({ where: { traveller: { order: { departureId: fixture.departure.id } } } });
}

describe("the manifest page", () => {
  it("anonymous goes to login, a customer away; guides and admins read it, ID numbers masked", async () => {
    const path = `/dashboard/departures/${fixture.departure.id}`;
    const params = { id: fixture.departure.id };
    expect((await callRoute(page.loader, authedGet(path, null), params)).location).toMatch(/^\/login\?redirectTo=/);
    expect((await callRoute(page.loader, authedGet(path, cookies.customer), params)).location).toMatch(/^\/\?redirectTo=/);
    for (const role of ["guide", "admin"] as const) {
      const answer = await callRoute(page.loader, authedGet(path, cookies[role]), params);
      expect(answer.status).toBe(200);
      expect(answer.data.kind).toBe("manifest");
      expect(answer.data.rows).toHaveLength(6);
      expect(answer.data.totals).toEqual([
        { category: "Adult", count: 4 },
        { category: "Child", count: 1 },
        { category: "Infant", count: 1 },
      ]);
      expect(answer.data.count).toEqual({ checkedIn: 0, noShow: 0, expected: 6 });
      expect(JSON.stringify(answer.data)).not.toContain("1990123456789");
    }
  });

  it("Reveal shows one whole ID number in its answer and records it; a customer gets 403", async () => {
    const path = `/dashboard/departures/${fixture.departure.id}`;
    const params = { id: fixture.departure.id };
    const traveller = fixture.family.travellers[0].id;
    const before = await reveals();
    const refused = await callRoute(page.action, authedPost(path, { intent: "reveal", traveller }, cookies.customer), params);
    expect(refused.status).toBe(403);
    expect(await reveals()).toBe(before);
    const answer = await callRoute(page.action, authedPost(path, { intent: "reveal", traveller }, cookies.guide), params);
    expect(answer.data).toEqual({ reveal: { traveller, idNumber: "1990123456789", message: null } });
    const prisma = await db();
    expect(await prisma.idNumberReveal.count({ where: { travellerId: traveller, byUserId: guideId } })).toBe(1);
    // A guide cannot change departures.
    const close = await callRoute(
      page.action,
      authedPost(path, { intent: "close", id: fixture.departure.id }, cookies.guide),
      params,
    );
    expect(close.status).toBe(403);
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: fixture.departure.id } })).status).toBe("OPEN");
  });

  it("the CSV: guides and admins, ID numbers masked, whole for an admin's ?ids=full (each recorded), formula-safe", async () => {
    const path = `/dashboard/departures/${fixture.departure.id}/manifest.csv`;
    const params = { id: fixture.departure.id };
    expect((await callRoute(csv.loader, authedGet(path, cookies.customer), params)).location).toMatch(/^\/\?redirectTo=/);
    const before = await reveals();
    const masked = String((await callRoute(csv.loader, authedGet(path, cookies.guide), params)).data);
    expect(masked).not.toContain("1990123456789");
    expect(masked).toContain(",•••••••••6789,");
    expect(await reveals()).toBe(before);
    const answer = await callRoute(csv.loader, authedGet(`${path}?ids=full`, cookies.admin), params);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = String(answer.data)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Reference,Traveller,Category,Age,ID number,Booked by,Mobile number,Payment,Check-in,Channel,Reseller reference",
    );
    expect(lines).toHaveLength(7);
    expect(String(answer.data)).toContain(",1990123456789,");
    expect(String(answer.data)).toContain(`"'=HYPERLINK(""x"")"`);
    expect(String(answer.data)).toContain("Name to follow");
    // Two travellers carry an ID number: two reveals.
    expect(await reveals()).toBe(before + 2);
  });
});

describe("GET /api/departures/{id}/manifest", () => {
  const path = () => `/api/departures/${fixture.departure.id}/manifest`;
  it("401 anonymous, 403 customer; guides and admins get the travellers without ID numbers", async () => {
    const params = { id: fixture.departure.id };
    expect((await callRoute(manifestApi.loader, apiRequest("GET", path(), null), params)).status).toBe(401);
    expect((await callRoute(manifestApi.loader, apiRequest("GET", path(), cookies.customer), params)).status).toBe(403);
    for (const role of ["guide", "admin"] as const) {
      const answer = await callRoute(manifestApi.loader, apiRequest("GET", path(), cookies[role]), params);
      expect(answer.status).toBe(200);
      expect(answer.data).toHaveLength(6);
      expect(answer.data[0]).toEqual({
        order: expect.any(String),
        reference: expect.stringMatching(/^TB-/),
        traveller: expect.any(String),
        name: expect.anything(),
        category: "adult",
        categoryName: expect.any(String),
        age: expect.toSatisfy((age: unknown) => age === null || typeof age === "number"),
        mobileNumber: expect.any(String),
        checkedIn: null,
      });
      expect(JSON.stringify(answer.data)).not.toMatch(/1990123456789|AB1234567/);
    }
    const unknown = await callRoute(manifestApi.loader, apiRequest("GET", "/api/departures/nope/manifest", cookies.guide), {
      id: "nope",
    });
    expect(unknown.status).toBe(404);
  });
});

describe("POST /api/departures/{id}/check-in", () => {
  const path = () => `/api/departures/${fixture.departure.id}/check-in`;
  it("as each role; 400 naming the field; 404 for a traveller of another departure", async () => {
    const params = { id: fixture.departure.id };
    const traveller = fixture.couple.travellers[0].id;
    const prisma = await db();
    const state = async () => (await prisma.traveller.findUniqueOrThrow({ where: { id: traveller } })).checkIn;
    expect(
      (await callRoute(checkInApi.action, apiRequest("POST", path(), null, { traveller, checkedIn: "yes" }), params)).status,
    ).toBe(401);
    const customer = await callRoute(
      checkInApi.action,
      apiRequest("POST", path(), cookies.customer, { traveller, checkedIn: "yes" }),
      params,
    );
    expect(customer.status).toBe(403);
    expect(await state()).toBeNull();
    const guide = await callRoute(
      checkInApi.action,
      apiRequest("POST", path(), cookies.guide, { traveller, checkedIn: "yes" }),
      params,
    );
    expect(guide.status).toBe(200);
    expect(guide.data).toEqual({ traveller, checkedIn: "yes" });
    expect(await state()).toBe("YES");
    const admin = await callRoute(
      checkInApi.action,
      apiRequest("POST", path(), cookies.admin, { traveller, checkedIn: "no-show" }),
      params,
    );
    expect(admin.data).toEqual({ traveller, checkedIn: "no-show" });
    const undo = await callRoute(
      checkInApi.action,
      apiRequest("POST", path(), cookies.guide, { traveller, checkedIn: null }),
      params,
    );
    expect(undo.data).toEqual({ traveller, checkedIn: null });
    expect(await state()).toBeNull();
    const bad = await callRoute(checkInApi.action, apiRequest("POST", path(), cookies.guide, { checkedIn: "maybe" }), params);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.details).sort()).toEqual(["checkedIn", "traveller"]);
    const elsewhere = fixture.elsewhere.travellers[0].id;
    const notHere = await callRoute(
      checkInApi.action,
      apiRequest("POST", path(), cookies.guide, { traveller: elsewhere, checkedIn: "yes" }),
      params,
    );
    expect(notHere.status).toBe(404);
    expect((await prisma.traveller.findUniqueOrThrow({ where: { id: elsewhere } })).checkIn).toBeNull();
  });
});

describe("the check-in page (plain form posts)", () => {
  it("a guide marks and undoes; a customer gets 403; a bad value 400; another departure's traveller 404", async () => {
    const path = `/dashboard/departures/${fixture.departure.id}/check-in`;
    const params = { id: fixture.departure.id };
    const traveller = fixture.family.travellers[2].id;
    const prisma = await db();
    const state = async () => (await prisma.traveller.findUniqueOrThrow({ where: { id: traveller } })).checkIn;
    const post = (fields: Record<string, string>, role: Role) =>
      callRoute(checkInPage.action, authedPost(path, fields, cookies[role]), params);
    expect((await post({ traveller, checkedIn: "yes" }, "customer")).status).toBe(403);
    expect(await state()).toBeNull();
    expect((await post({ traveller, checkedIn: "yes" }, "guide")).data).toEqual({ ok: true, message: null });
    expect(await state()).toBe("YES");
    const page = await callRoute(
      checkInPage.loader,
      authedGet(`${path}?q=${fixture.family.reference.slice(3, 7)}`, cookies.guide),
      params,
    );
    expect(page.data.count.checkedIn).toBeGreaterThanOrEqual(1);
    expect(page.data.travellers.every((row: { reference: string }) => row.reference === fixture.family.reference)).toBe(true);
    expect((await post({ traveller, checkedIn: "maybe" }, "guide")).status).toBe(400);
    expect((await post({ traveller, checkedIn: "undo" }, "admin")).status).toBe(200);
    expect(await state()).toBeNull();
    expect((await post({ traveller: fixture.elsewhere.travellers[0].id, checkedIn: "yes" }, "guide")).status).toBe(404);
  });
});
