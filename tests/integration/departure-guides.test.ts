// Guides on departures (issue 40 items 3 and 8, issue 35 item 14): an administrator assigns a guide
// on the departure's page and with PATCH /api/departures/{id}; a guide reads only their own
// departures' manifests (page, Reveal, CSV, API, check-in page and API) and unassigned ones; the CSV
// masks ID numbers unless an administrator asks for ?ids=full; the reveal audit on the admin's order
// page; the profile's phone shown as the guide's.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as departureApi from "~/routes/api.departures.$id";
import * as checkInApi from "~/routes/api.departures.$id.check-in";
import * as manifestApi from "~/routes/api.departures.$id.manifest";
import * as departuresApi from "~/routes/api.services.$id.departures";
import * as page from "~/routes/dashboard.departures.$id";
import * as checkInPage from "~/routes/dashboard.departures.$id_.check-in";
import * as csv from "~/routes/dashboard.departures.$id_.manifest[.]csv";
import * as staffList from "~/routes/dashboard.departures._index";
import * as orderPage from "~/routes/dashboard.orders.$id";
import * as profilePage from "~/routes/dashboard.profile";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { manifestFixture } from "../support/manifest";
import { callRoute, ORIGIN } from "../support/requests";

type Who = "anonymous" | "customer" | "guideA" | "guideB" | "admin";
const cookies: Record<Who, string | null> = { anonymous: null, customer: null, guideA: null, guideB: null, admin: null };
const users = {
  guideA: { id: "", email: "" },
  guideB: { id: "", email: "" },
  customer: { id: "", email: "" },
  admin: { id: "" },
};
let fixture: Awaited<ReturnType<typeof manifestFixture>>;

beforeAll(async () => {
  const customer = await createUser();
  const guideA = await createUser({ role: "GUIDE", displayName: "Guide Anis" });
  const guideB = await createUser({ role: "GUIDE", displayName: "Guide Bithi" });
  const admin = await createUser({ role: "ADMIN", displayName: "Admin Rahim" });
  Object.assign(users, { guideA, guideB, customer, admin });
  cookies.customer = await signIn(customer.id);
  cookies.guideA = await signIn(guideA.id);
  cookies.guideB = await signIn(guideB.id);
  cookies.admin = await signIn(admin.id);
  fixture = await manifestFixture(customer.id);
});

function apiRequest(method: string, path: string, cookie: string | null, body?: unknown) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

function patchDeparture(id: string, who: Who, body: unknown) {
  return callRoute(departureApi.action, apiRequest("PATCH", `/api/departures/${id}`, cookies[who], body), { id });
}

async function guideOf(id: string) {
  const prisma = await db();
  return (await prisma.departure.findUniqueOrThrow({ where: { id } })).guideId;
}

async function reveals() {
  const prisma = await db();
  return prisma.idNumberReveal.count({ where: { traveller: { order: { departureId: fixture.departure.id } } } });
}

function csvLines(body: unknown) {
  return String(body)
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
}

describe("PATCH /api/departures/{id} { guide }", () => {
  it("administrators only; an unknown email or a non-guide is a 400 naming guide, nothing changed", async () => {
    const id = fixture.departure.id;
    expect((await patchDeparture(id, "anonymous", { guide: users.guideA.email })).status).toBe(401);
    expect((await patchDeparture(id, "customer", { guide: users.guideA.email })).status).toBe(403);
    expect((await patchDeparture(id, "guideA", { guide: users.guideA.email })).status).toBe(403);
    for (const guide of ["nobody-here@example.com", users.customer.email, "not an email", 42]) {
      const refused = await patchDeparture(id, "admin", { guide });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.data.details)).toEqual(["guide"]);
    }
    expect((await patchDeparture(id, "admin", { guide: users.guideA.email, seats: 30 })).status).toBe(400);
    expect(await guideOf(id)).toBeNull();
    expect((await patchDeparture("nope1234567890", "admin", { guide: users.guideA.email })).status).toBe(404);
  });

  it("assigns (case-insensitive email), reports 0 when it already was so, and null removes", async () => {
    const id = fixture.other.id;
    expect((await patchDeparture(id, "admin", { guide: users.guideB.email.toUpperCase() })).data).toEqual({ modifiedCount: 1 });
    expect(await guideOf(id)).toBe(users.guideB.id);
    expect((await patchDeparture(id, "admin", { guide: users.guideB.email })).data).toEqual({ modifiedCount: 0 });
    expect((await patchDeparture(id, "admin", { guide: null })).data).toEqual({ modifiedCount: 1 });
    expect(await guideOf(id)).toBeNull();
    expect((await patchDeparture(id, "admin", { guide: null })).data).toEqual({ modifiedCount: 0 });
  });
});

describe("the departure page's guide form (a plain POST)", () => {
  it("an administrator assigns a guide and none; a guide cannot", async () => {
    const path = `/dashboard/departures/${fixture.departure.id}`;
    const params = { id: fixture.departure.id };
    const post = (guide: string, who: Who) =>
      callRoute(page.action, authedPost(path, { intent: "guide", guide }, cookies[who]), params);
    expect((await post(users.guideA.email, "guideA")).status).toBe(403);
    expect(await guideOf(fixture.departure.id)).toBeNull();
    const refused = await post(users.customer.email, "admin");
    expect(refused.status).toBe(400);
    expect(refused.data.guideChange.error).toMatch(/^guide /);
    expect((await post(users.guideA.email, "admin")).data).toEqual({ guideChange: { message: "Guide assigned.", error: null } });
    expect(await guideOf(fixture.departure.id)).toBe(users.guideA.id);
    const loaded = await callRoute(page.loader, authedGet(path, cookies.admin), params);
    expect(loaded.data.guide).toEqual({ name: "Guide Anis", email: users.guideA.email, phone: null });
    expect(loaded.data.guides).toEqual(
      expect.arrayContaining([
        { email: users.guideA.email, name: "Guide Anis" },
        { email: users.guideB.email, name: "Guide Bithi" },
      ]),
    );
    expect((await post("", "admin")).data.guideChange.message).toBe("No guide assigned now.");
    expect(await guideOf(fixture.departure.id)).toBeNull();
    expect((await post(users.guideA.email, "admin")).status).toBe(200);
  });
});

describe("a guide reads only their own departures (and unassigned ones)", () => {
  const params = () => ({ id: fixture.departure.id });
  const base = () => `/dashboard/departures/${fixture.departure.id}`;

  it("guide B is refused guide A's departure by page, Reveal, CSV, API, check-in page and API; nothing recorded or changed", async () => {
    expect(await guideOf(fixture.departure.id)).toBe(users.guideA.id);
    const traveller = fixture.family.travellers[0].id;
    const before = await reveals();
    const asB = {
      page: await callRoute(page.loader, authedGet(base(), cookies.guideB), params()),
      reveal: await callRoute(page.action, authedPost(base(), { intent: "reveal", traveller }, cookies.guideB), params()),
      csv: await callRoute(csv.loader, authedGet(`${base()}/manifest.csv`, cookies.guideB), params()),
      api: await callRoute(
        manifestApi.loader,
        apiRequest("GET", `/api/departures/${fixture.departure.id}/manifest`, cookies.guideB),
        params(),
      ),
      checkInPage: await callRoute(checkInPage.loader, authedGet(`${base()}/check-in`, cookies.guideB), params()),
      checkInPost: await callRoute(
        checkInPage.action,
        authedPost(`${base()}/check-in`, { traveller, checkedIn: "yes" }, cookies.guideB),
        params(),
      ),
      checkInApi: await callRoute(
        checkInApi.action,
        apiRequest("POST", `/api/departures/${fixture.departure.id}/check-in`, cookies.guideB, { traveller, checkedIn: "yes" }),
        params(),
      ),
    };
    for (const [what, answer] of Object.entries(asB)) expect([what, answer.status]).toEqual([what, 403]);
    expect(JSON.stringify(asB.api.data)).not.toContain("Rina Das");
    expect(await reveals()).toBe(before);
    const prisma = await db();
    expect((await prisma.traveller.findUniqueOrThrow({ where: { id: traveller } })).checkIn).toBeNull();

    // Guide A, its guide, and an administrator read it.
    for (const who of ["guideA", "admin"] as const) {
      expect((await callRoute(page.loader, authedGet(base(), cookies[who]), params())).data.rows).toHaveLength(6);
      const api = await callRoute(
        manifestApi.loader,
        apiRequest("GET", `/api/departures/${fixture.departure.id}/manifest`, cookies[who]),
        params(),
      );
      expect(api.data).toHaveLength(6);
      expect((await callRoute(checkInPage.loader, authedGet(`${base()}/check-in`, cookies[who]), params())).status).toBe(200);
    }
    const checkIn = await callRoute(
      checkInApi.action,
      apiRequest("POST", `/api/departures/${fixture.departure.id}/check-in`, cookies.guideA, { traveller, checkedIn: null }),
      params(),
    );
    expect(checkIn.status).toBe(200);

    // A departure with no guide assigned: any guide may run it.
    expect(await guideOf(fixture.other.id)).toBeNull();
    const other = await callRoute(
      manifestApi.loader,
      apiRequest("GET", `/api/departures/${fixture.other.id}/manifest`, cookies.guideB),
      { id: fixture.other.id },
    );
    expect(other.status).toBe(200);
  });

  it("the list shows a guide their own departures first, another guide's without its manifest", async () => {
    expect((await patchDeparture(fixture.other.id, "admin", { guide: users.guideB.email })).status).toBe(200);
    const list = await callRoute(staffList.loader, authedGet("/dashboard/departures", cookies.guideB));
    const rows: { id: string; guide: string | null; runs: boolean }[] = list.data.departures;
    // fixture.other is the later of the two dates, yet first for its guide.
    expect(rows[0]).toMatchObject({ id: fixture.other.id, guide: "You", runs: true });
    expect(rows.find((row) => row.id === fixture.departure.id)).toMatchObject({ guide: "Guide Anis", runs: false });
    const asAdmin: { id: string; runs: boolean }[] = (
      await callRoute(staffList.loader, authedGet("/dashboard/departures", cookies.admin))
    ).data.departures;
    expect(asAdmin.findIndex((row) => row.id === fixture.departure.id)).toBeLessThan(
      asAdmin.findIndex((row) => row.id === fixture.other.id),
    );
    expect(asAdmin.every((row) => row.runs)).toBe(true);
    expect((await patchDeparture(fixture.other.id, "admin", { guide: null })).status).toBe(200);
  });
});

describe("the manifest CSV masks ID numbers unless an administrator asks", () => {
  const path = () => `/dashboard/departures/${fixture.departure.id}/manifest.csv`;
  const params = () => ({ id: fixture.departure.id });

  it("the guide's export is masked and records nothing; ?ids=full is refused to a guide", async () => {
    const before = await reveals();
    const answer = await callRoute(csv.loader, authedGet(path(), cookies.guideA), params());
    expect(answer.status).toBe(200);
    const body = String(answer.data);
    expect(body).not.toMatch(/1990123456789|AB1234567/);
    expect(body).toContain("•••••••••6789");
    expect(csvLines(body)).toHaveLength(7);
    expect((await callRoute(csv.loader, authedGet(`${path()}?ids=full`, cookies.guideA), params())).status).toBe(403);
    expect(await reveals()).toBe(before);
  });

  it("an administrator's plain export is masked too; with ?ids=full whole numbers, each recorded as the admin's reveal", async () => {
    const before = await reveals();
    expect(String((await callRoute(csv.loader, authedGet(path(), cookies.admin), params())).data)).not.toContain("1990123456789");
    expect(await reveals()).toBe(before);
    const full = await callRoute(csv.loader, authedGet(`${path()}?ids=full`, cookies.admin), params());
    expect(full.status).toBe(200);
    expect(String(full.data)).toContain(",1990123456789,");
    expect(String(full.data)).toContain(",AB1234567,");
    expect(await reveals()).toBe(before + 2);
  });
});

describe("the reveal audit on the admin's order page", () => {
  it("lists who read which traveller's ID number when, to administrators only", async () => {
    const orderId = fixture.family.id;
    const path = `/dashboard/departures/${fixture.departure.id}`;
    const traveller = fixture.family.travellers[0].id;
    expect(
      (
        await callRoute(page.action, authedPost(path, { intent: "reveal", traveller }, cookies.guideA), {
          id: fixture.departure.id,
        })
      ).status,
    ).toBe(200);
    const asAdmin = await callRoute(orderPage.loader, authedGet(`/dashboard/orders/${orderId}`, cookies.admin), { id: orderId });
    const audit: { by: string; traveller: string; at: string }[] = asAdmin.data.idReveals;
    expect(audit[0]).toMatchObject({ by: `Guide Anis <${users.guideA.email}>`, traveller: "Rina Das" });
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ by: expect.stringContaining("Admin Rahim"), traveller: "Rina Das" }),
        expect.objectContaining({ by: expect.stringContaining("Admin Rahim"), traveller: '=HYPERLINK("x")' }),
      ]),
    );
    expect(new Date(audit[0].at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const asOwner = await callRoute(orderPage.loader, authedGet(`/dashboard/orders/${orderId}`, cookies.customer), {
      id: orderId,
    });
    expect(asOwner.status).toBe(200);
    expect(asOwner.data.idReveals).toEqual([]);
  });
});

describe("the guide's phone: typed on the profile, shown with the departure", () => {
  const profilePost = (fields: Record<string, string>) =>
    callRoute(
      profilePage.action,
      authedPost("/dashboard/profile", { intent: "profile", displayName: "Guide Anis", ...fields }, cookies.guideA),
    );

  it("stored as typed, a bad one refused naming phone; GET departures shows { name, phone } to staff only", async () => {
    const refused = await profilePost({ phone: "call me maybe" });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.data.result.error)).toEqual(["phone"]);
    const prisma = await db();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: users.guideA.id } })).phone).toBeNull();
    expect((await profilePost({ phone: "০১৭১২-৩৪৫৬৭৮" })).status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: users.guideA.id } })).phone).toBe("০১৭১২-৩৪৫৬৭৮");
    const profile = await callRoute(profilePage.loader, authedGet("/dashboard/profile", cookies.guideA));
    expect(profile.data.phone).toBe("০১৭১২-৩৪৫৬৭৮");

    const serviceId = fixture.tourPackage.id;
    const list = (who: Who) =>
      callRoute(departuresApi.loader, apiRequest("GET", `/api/services/${serviceId}/departures`, cookies[who]), {
        id: serviceId,
      });
    const asAdmin: { _id: string; guide?: unknown }[] = (await list("admin")).data;
    expect(asAdmin.find((row) => row._id === fixture.departure.id)?.guide).toEqual({ name: "Guide Anis", phone: "০১৭১২-৩৪৫৬৭৮" });
    expect(asAdmin.find((row) => row._id === fixture.other.id)?.guide).toBeNull();
    const asGuide: { _id: string; guide?: unknown }[] = (await list("guideB")).data;
    expect(asGuide.find((row) => row._id === fixture.departure.id)?.guide).toEqual({ name: "Guide Anis", phone: "০১৭১২-৩৪৫৬৭৮" });
    for (const who of ["anonymous", "customer"] as const) {
      const rows: object[] = (await list(who)).data;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).not.toHaveProperty("guide");
    }
    // Left blank: no phone.
    expect((await profilePost({ phone: "" })).status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: users.guideA.id } })).phone).toBeNull();
    expect((await list("admin")).data.find((row: { _id: string }) => row._id === fixture.departure.id).guide).toEqual({
      name: "Guide Anis",
      phone: null,
    });
  });
});
