// "Verified traveller": a review whose author was checked in (Traveller.checkIn = YES) on a booking
// of the package reviewed says so on the package page, in the home page's carousel and in the
// review JSON (`verifiedTraveller`); ordering the package, a no-show, or a check-in on another
// package does not make one.
import { beforeAll, describe, expect, it } from "vitest";
import type { CheckIn } from "~/generated/prisma/client";
import { forgetCachedLists } from "~/platform/cache.server";
import { db } from "~/platform/db.server";
import { loader as homeLoader } from "~/routes/_index";
import * as reviewApi from "~/routes/api.review";
import { loader as packageLoader } from "~/routes/order.$id";
import { authedGet, createUser } from "../support/auth";
import { bookDeparture, createDeparture, createPackage, inDays } from "../support/bookings";
import { callRoute, getRequest } from "../support/requests";

beforeAll(() => db(), 180_000);

/** A customer's booking of the package with one traveller, checked in as given (fixture rows: the check-in is the guides'). */
async function travelled(user: { id: string; email: string }, packageId: string, checkIn: CheckIn | null) {
  const prisma = await db();
  const departure = await createDeparture(packageId, inDays(10 + Math.floor(Math.random() * 300)), 10);
  const order = await bookDeparture(user, departure, 1);
  await prisma.order.update({ where: { id: order.id }, data: { bookingStatus: "CONFIRMED", paymentStatus: "PAID" } });
  await prisma.traveller.create({
    data: {
      orderId: order.id,
      position: 0,
      categoryName: "Adult",
      categoryType: "ADULT",
      priceCents: order.unitPriceCents,
      takesSeat: true,
      name: "Rina Das",
      checkIn,
      checkInAt: checkIn ? new Date() : null,
    },
  });
}

async function review(user: { id: string; email: string }, serviceId: string | null, text: string) {
  const prisma = await db();
  return prisma.review.create({
    data: { userId: user.id, name: text, email: user.email, rating: 5, review: text, serviceId },
  });
}

describe("verified traveller", () => {
  it("marks only reviews by a traveller checked in on the package reviewed, on the page, the carousel and the API", async () => {
    const [tourPackage, other] = [await createPackage(), await createPackage()];
    const [checkedIn, noShow, ordered, elsewhere] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    await travelled(checkedIn, tourPackage.id, "YES");
    await travelled(noShow, tourPackage.id, "NO_SHOW");
    await travelled(ordered, tourPackage.id, null);
    await travelled(elsewhere, other.id, "YES");
    await travelled(elsewhere, tourPackage.id, null);
    const expected = {
      [(await review(checkedIn, tourPackage.id, "Verified one")).id]: true,
      [(await review(noShow, tourPackage.id, "No-show one")).id]: false,
      [(await review(ordered, tourPackage.id, "Ordered one")).id]: false,
      [(await review(elsewhere, tourPackage.id, "Checked in elsewhere")).id]: false,
      [(await review(checkedIn, null, "No package named")).id]: false,
    };
    forgetCachedLists();

    const api = await callRoute(reviewApi.loader, authedGet("/api/review?limit=50", null));
    expect(api.status).toBe(200);
    const byId = new Map((api.data as { _id: string; verifiedTraveller: boolean }[]).map((item) => [item._id, item]));
    for (const [id, verified] of Object.entries(expected)) expect(byId.get(id)?.verifiedTraveller, id).toBe(verified);

    const page = await packageLoader({
      request: getRequest(`/order/${tourPackage.id}`),
      params: { id: tourPackage.id },
      context: {},
    });
    const shown = Object.fromEntries(page.reviews.latest.map((item) => [item.review, item.verifiedTraveller]));
    expect(shown).toEqual({ "Verified one": true, "No-show one": false, "Ordered one": false, "Checked in elsewhere": false });

    const home = await homeLoader();
    const carousel = Object.fromEntries(home.reviews.map((item) => [item.review, item.verifiedTraveller]));
    expect(carousel).toMatchObject({ "Verified one": true, "No-show one": false, "No package named": false });
  });

  it("reads the mark in the reviews' own query: GET /api/review pages with it and the cursor still walks every review once", async () => {
    const prisma = await db();
    const tourPackage = await createPackage();
    const user = await createUser();
    await travelled(user, tourPackage.id, "YES");
    await prisma.review.createMany({
      data: Array.from({ length: 7 }, (_, index) => ({
        userId: user.id,
        serviceId: tourPackage.id,
        name: `Walk ${index}`,
        email: user.email,
        rating: 4,
        review: `Walk ${index}`,
      })),
    });
    const all = await prisma.review.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    const seen: { _id: string; verifiedTraveller: boolean; review: string }[] = [];
    let path: string | null = "/api/review?limit=3";
    while (path) {
      const answer = await callRoute(reviewApi.loader, authedGet(path, null));
      expect(answer.status).toBe(200);
      seen.push(...answer.data);
      const next = /<([^>]+)>;\s*rel="next"/.exec(answer.headers.get("Link") ?? "");
      path = next ? next[1] : null;
    }
    expect(seen.map((item) => item._id)).toEqual(all.map((item) => item.id));
    expect(seen.filter((item) => item.review.startsWith("Walk ")).every((item) => item.verifiedTraveller)).toBe(true);
  });
});
