// Package pages that sell the trip: editing a package (each role; refused edits change nothing;
// orders keep their snapshot), reviews of a package (only by travellers who ordered it), and what
// search engines and link previews read on the package page.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { placeBooking } from "~/booking/placing/booking-placement.server";
import { packageRating } from "~/catalogue/review-store.server";
import { NOT_ORDERED } from "~/catalogue/reviews";
import { forgetCachedLists } from "~/platform/cache.server";
import { db } from "~/platform/db.server";
import * as reviewApi from "~/routes/api.review";
import * as addReview from "~/routes/dashboard.addReview";
import * as editProduct from "~/routes/dashboard.editProduct.$id";
import * as orderPage from "~/routes/order.$id";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { billing } from "../support/orders";
import { callRoute, getRequest, ORIGIN } from "../support/requests";

async function newPackage(title = `Kuakata ${randomBytes(3).toString("hex")}`) {
  const prisma = await db();
  const created = await prisma.service.create({
    data: { title, costCents: 300_00, image: "/images/tours/coxs-bazar.svg", description: "Sunrise and sunset on one beach." },
  });
  // Written here, not through the package store: the cached package list learns of it now.
  forgetCachedLists();
  return created;
}

async function orderOf(userId: string, serviceId: string) {
  return placeBooking(userId, {
    ...billing,
    service: serviceId,
    quantity: 2,
    type: "couple",
    formKey: randomBytes(12).toString("hex"),
  });
}

const edit = (fields: Record<string, string> = {}) => ({
  title: "Kuakata Sunrise and Sunset",
  cost: "350",
  image: "/images/tours/coxs-bazar.svg",
  description: "Both ends of the day on the same beach.",
  destination: "Kuakata",
  durationDays: "2",
  maxGroupSize: "14",
  meetingPoint: "Kuakata bus stand",
  "itinerary[0].title": "Sunset at the beach",
  "itinerary[0].text": "Arrive and walk to the zero point.",
  "itinerary[1].title": "",
  "itinerary[1].text": "",
  "itinerary[2].title": "Sunrise and Gangamati",
  "itinerary[2].text": "Up early for the sunrise.",
  included: "Hotel\nBreakfast",
  excluded: "Bus tickets",
  gallery: "/images/gallery/g1.svg\n/images/gallery/g4.svg",
  ...fields,
});

describe("editing a package", () => {
  it("is for administrators only: the form comes prefilled, customers and visitors change nothing", async () => {
    const prisma = await db();
    const tourPackage = await newPackage();
    const admin = await createUser({ role: "ADMIN" });
    const customer = await createUser();
    const adminCookie = await signIn(admin.id);
    const customerCookie = await signIn(customer.id);
    const path = `/dashboard/editProduct/${tourPackage.id}`;
    const params = { id: tourPackage.id };

    const anonymousPage = await callRoute(editProduct.loader, authedGet(path, null), params);
    expect(anonymousPage.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    const customerPage = await callRoute(editProduct.loader, authedGet(path, customerCookie), params);
    expect(customerPage.location).toBe(`/?redirectTo=${encodeURIComponent(path)}`);
    const page = await callRoute(editProduct.loader, authedGet(path, adminCookie), params);
    expect(page.data.values).toMatchObject({
      title: tourPackage.title,
      cost: "300",
      image: tourPackage.image,
      description: tourPackage.description,
      destination: "",
      itinerary: [
        { title: "", text: "" },
        { title: "", text: "" },
        { title: "", text: "" },
      ],
    });
    const unknown = await callRoute(editProduct.loader, authedGet("/dashboard/editProduct/cunknown000000", adminCookie), {
      id: "cunknown000000",
    });
    expect(unknown.status).toBe(404);

    const before = await prisma.service.findUniqueOrThrow({ where: { id: tourPackage.id } });
    for (const cookie of [null, customerCookie]) {
      const refused = await callRoute(editProduct.action, authedPost(path, edit(), cookie), params);
      expect(refused.status === 403 || refused.location?.startsWith("/login")).toBe(true);
    }
    expect(await prisma.service.findUniqueOrThrow({ where: { id: tourPackage.id } })).toEqual(before);
  });

  it("saves every field, keeps typed values with the errors, and never changes an order's title or price", async () => {
    const prisma = await db();
    const tourPackage = await newPackage();
    const admin = await createUser({ role: "ADMIN" });
    const customer = await createUser();
    const adminCookie = await signIn(admin.id);
    const placed = await orderOf(customer.id, tourPackage.id);
    const orderBefore = await prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    const path = `/dashboard/editProduct/${tourPackage.id}`;
    const params = { id: tourPackage.id };

    const invalid = await callRoute(
      editProduct.action,
      authedPost(path, edit({ durationDays: "61", "itinerary[2].text": "", gallery: "javascript:alert(1)" }), adminCookie),
      params,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error).toEqual({
      durationDays: ["The duration in days is a whole number from 1 to 60."],
      "itinerary[2].text": ["Please describe day 3."],
      gallery: ["Line 1: The image must be an http(s) URL or a path on this site, like /images/tours/x.svg."],
    });
    // What was typed comes back to the form.
    expect(invalid.data.result.initialValue).toMatchObject({ title: "Kuakata Sunrise and Sunset", durationDays: "61" });
    expect(await prisma.service.findUniqueOrThrow({ where: { id: tourPackage.id } })).toMatchObject({
      title: tourPackage.title,
      costCents: 300_00,
      durationDays: null,
    });

    // "Add a day" without JavaScript: the form again, one more row, nothing saved.
    const addDay = new URLSearchParams(edit());
    addDay.set("__intent__", JSON.stringify({ type: "insert", payload: { name: "itinerary" } }));
    const withRow = await callRoute(editProduct.action, authedPost(path, Object.fromEntries(addDay), adminCookie), params);
    expect(withRow.status).toBe(200);
    expect(withRow.data.saved).toBe(false);
    expect(withRow.data.result.initialValue.itinerary).toHaveLength(4);
    expect((await prisma.service.findUniqueOrThrow({ where: { id: tourPackage.id } })).title).toBe(tourPackage.title);

    const saved = await callRoute(editProduct.action, authedPost(path, edit(), adminCookie), params);
    expect(saved.status).toBe(200);
    expect(saved.data.saved).toBe(true);
    expect(await prisma.service.findUniqueOrThrow({ where: { id: tourPackage.id } })).toMatchObject({
      title: "Kuakata Sunrise and Sunset",
      costCents: 350_00,
      destination: "Kuakata",
      durationDays: 2,
      maxGroupSize: 14,
      meetingPoint: "Kuakata bus stand",
      itinerary: [
        { title: "Sunset at the beach", text: "Arrive and walk to the zero point." },
        { title: "Sunrise and Gangamati", text: "Up early for the sunrise." },
      ],
      included: ["Hotel", "Breakfast"],
      excluded: ["Bus tickets"],
      gallery: ["/images/gallery/g1.svg", "/images/gallery/g4.svg"],
    });
    // The order keeps the title and price it was placed with.
    const orderAfter = await prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    expect(orderAfter).toMatchObject({
      serviceTitle: tourPackage.title,
      unitPriceCents: 300_00,
      priceCents: 600_00,
      serviceId: tourPackage.id,
    });
    expect(orderAfter.updatedAt).toEqual(orderBefore.updatedAt);

    // The edit page shows the saved package, with two empty day rows after its days.
    const page = await callRoute(editProduct.loader, authedGet(path, adminCookie), params);
    expect(page.data.values).toMatchObject({ cost: "350", durationDays: "2", included: "Hotel\nBreakfast" });
    expect(page.data.values.itinerary).toHaveLength(4);

    // Clearing the facts leaves the spec's four fields.
    const cleared = await callRoute(
      editProduct.action,
      authedPost(
        path,
        { title: "Kuakata", cost: "350", image: "/images/tours/coxs-bazar.svg", description: "Beach." },
        adminCookie,
      ),
      params,
    );
    expect(cleared.data.saved).toBe(true);
    expect(await prisma.service.findUniqueOrThrow({ where: { id: tourPackage.id } })).toMatchObject({
      destination: null,
      durationDays: null,
      itinerary: null,
      included: [],
      gallery: [],
    });
  });
});

describe("reviews of a package", () => {
  it("may name only a package the reviewer has ordered, in the form and the API", async () => {
    const prisma = await db();
    const ordered = await newPackage();
    const other = await newPackage();
    const customer = await createUser({ displayName: "Mitu Rahman" });
    const cookie = await signIn(customer.id);
    await orderOf(customer.id, ordered.id);

    const form = await callRoute(addReview.loader, authedGet("/dashboard/addReview", cookie));
    expect(form.data.packages).toEqual([{ id: ordered.id, title: ordered.title }]);

    const count = () => prisma.review.count({ where: { userId: customer.id } });
    const refused = await callRoute(
      addReview.action,
      authedPost("/dashboard/addReview", { review: "Not my trip", rating: "1", service: other.id }, cookie),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toEqual({ service: [NOT_ORDERED] });
    expect(refused.data.result.initialValue).toMatchObject({ review: "Not my trip" });
    const refusedApi = await callRoute(
      reviewApi.action,
      new Request(`${ORIGIN}/api/review`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ review: "Not my trip", rating: 1, service: other.id }),
      }),
    );
    expect(refusedApi.status).toBe(400);
    expect(refusedApi.data).toEqual({ error: NOT_ORDERED, details: { service: [NOT_ORDERED] } });
    expect(await count()).toBe(0);

    const posted = await callRoute(
      addReview.action,
      authedPost("/dashboard/addReview", { review: "Sunrise was magic", rating: "5", service: ordered.id }, cookie),
    );
    expect(posted.data.added).toBe(true);
    const unrated = await callRoute(
      reviewApi.action,
      new Request(`${ORIGIN}/api/review`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ review: "Going again", rating: 0, service: ordered.id }),
      }),
    );
    expect(unrated.status).toBe(201);
    const general = await callRoute(
      addReview.action,
      authedPost("/dashboard/addReview", { review: "Great agency", rating: "4" }, cookie),
    );
    expect(general.data.added).toBe(true);
    expect(await count()).toBe(3);

    // 0 stars is "No rating": counted as a review, not in the average.
    expect(await packageRating(ordered.id)).toEqual({ average: 5, count: 2, rated: 1 });
    expect(await packageRating(other.id)).toEqual({ average: null, count: 0, rated: 0 });
  });

  it("averages to one decimal", async () => {
    const prisma = await db();
    const tourPackage = await newPackage();
    await prisma.review.createMany({
      data: [4, 5, 5].map((rating, index) => ({
        name: `R${index}`,
        email: `r${index}@example.com`,
        rating,
        review: "Fine.",
        serviceId: tourPackage.id,
      })),
    });
    expect(await packageRating(tourPackage.id)).toEqual({ average: 4.7, count: 3, rated: 3 });
  });
});

type Descriptor = Record<string, unknown>;

async function packagePage(id: string, init: RequestInit = {}) {
  const data = await orderPage.loader({
    request: getRequest(`/order/${id}?quantity=2&type=couple`, init),
    params: { id },
    context: {},
  });
  const tags = orderPage.meta({ data } as Parameters<typeof orderPage.meta>[0]) as Descriptor[];
  const content = (key: string, value: string) => tags.find((tag) => tag[key] === value)?.content;
  // What the page's <script type="application/ld+json"> holds, read back as a crawler reads it.
  const ldJson = tags.find((tag) => "script:ld+json" in tag)?.["script:ld+json"];
  return { data, tags, content, structured: JSON.parse(JSON.stringify(ldJson)) };
}

describe("the package page for search engines and link previews", () => {
  it("describes the trip as a TouristTrip with its offer, and a rating only once it has rated reviews", async () => {
    const prisma = await db();
    const tourPackage = await newPackage("Kuakata Beach Days");
    await prisma.service.update({
      where: { id: tourPackage.id },
      data: {
        destination: "Kuakata",
        gallery: ["/images/gallery/g1.svg", "https://cdn.example.com/k.jpg"],
        itinerary: [{ title: "Beach", text: "All day." }],
      },
    });
    forgetCachedLists();

    const first = await packagePage(tourPackage.id);
    expect(first.structured).toMatchObject({
      "@context": "https://schema.org",
      "@type": "TouristTrip",
      name: "Kuakata Beach Days",
      description: "Sunrise and sunset on one beach.",
      url: `${ORIGIN}/order/${tourPackage.id}`,
      image: [`${ORIGIN}/images/tours/coxs-bazar.svg`, `${ORIGIN}/images/gallery/g1.svg`, "https://cdn.example.com/k.jpg"],
      offers: { "@type": "Offer", price: "300", priceCurrency: "USD" },
      itinerary: { "@type": "ItemList", itemListElement: [{ position: 1, name: "Day 1: Beach", description: "All day." }] },
    });
    expect(first.structured).not.toHaveProperty("aggregateRating");
    expect(first.data.reviews.count).toBe(0);

    await prisma.review.createMany({
      data: [
        { name: "A", email: "a@example.com", rating: 4, review: "Good.", serviceId: tourPackage.id },
        { name: "B", email: "b@example.com", rating: 5, review: "Great.", serviceId: tourPackage.id },
        { name: "C", email: "c@example.com", rating: 0, review: "No stars.", serviceId: tourPackage.id },
      ],
    });
    forgetCachedLists();
    const rated = await packagePage(tourPackage.id);
    expect(rated.structured.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      ratingCount: 2,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(rated.data.reviews.latest.map((review: { name: string }) => review.name).sort()).toEqual(["A", "B", "C"]);
  });

  it("has Open Graph and Twitter tags and a canonical URL, all absolute and without the order choices", async () => {
    const tourPackage = await newPackage("Kuakata <Sunrise> & Co");
    const { content, tags } = await packagePage(tourPackage.id);
    const url = `${ORIGIN}/order/${tourPackage.id}`;
    expect(tags.find((tag) => tag.rel === "canonical")).toEqual({ tagName: "link", rel: "canonical", href: url });
    expect(content("property", "og:title")).toBe("Kuakata <Sunrise> & Co");
    expect(content("property", "og:description")).toBe("Sunrise and sunset on one beach.");
    expect(content("property", "og:url")).toBe(url);
    expect(content("property", "og:type")).toBe("product");
    expect(content("property", "og:image")).toBe(`${ORIGIN}/images/tours/coxs-bazar.svg`);
    expect(content("name", "twitter:card")).toBe("summary_large_image");
    expect(content("name", "twitter:image")).toBe(`${ORIGIN}/images/tours/coxs-bazar.svg`);
    expect(tags.find((tag) => "title" in tag)?.title).toBe("Kuakata <Sunrise> & Co — Tour Booking");
  });

  it("takes its absolute URLs from PUBLIC_URL, never from Host or X-Forwarded-Host", async () => {
    const tourPackage = await newPackage();
    for (const headers of <Record<string, string>[]>[
      { Host: "tours.example.com", "X-Forwarded-Host": "evil.example" },
      { Host: "bad host/<x>" },
      { Host: "10.0.0.5:3000", "X-Forwarded-Host": "www.tourbooking.example, evil.example" },
    ]) {
      const page = await packagePage(tourPackage.id, { headers });
      expect(page.content("property", "og:url")).toBe(`${ORIGIN}/order/${tourPackage.id}`);
    }
  });
});

describe("Add-Cart without JavaScript (add=1)", () => {
  const press = (serviceId: string, query: string) =>
    callRoute(orderPage.loader, getRequest(`/order/${serviceId}?${query}&add=1`), { id: serviceId });

  it("goes to the checkout priced on the server, with the query the page's link uses", async () => {
    const plain = await newPackage();
    const answer = await press(plain.id, "quantity=3&type=group");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/addCart/900?service=${plain.id}&quantity=3&type=group`);
    // A quantity out of range is clamped as the page clamps it.
    const clamped = await press(plain.id, "quantity=99&type=city");
    expect(clamped.headers.get("Location")).toBe(`/addCart/6000?service=${plain.id}&quantity=20&type=city`);

    const dated = await newPackage();
    const departure = await (
      await db()
    ).departure.create({
      data: { serviceId: dated.id, startDate: new Date("2031-03-08"), seats: 2 },
    });
    const booked = await press(dated.id, `departure=${departure.id}&quantity=2&type=couple`);
    expect(booked.headers.get("Location")).toBe(
      `/addCart/600?service=${dated.id}&quantity=2&type=couple&departure=${departure.id}`,
    );
  });

  it("stays on the page, naming only what is missing, when a choice is", async () => {
    const dated = await newPackage();
    const departure = await (
      await db()
    ).departure.create({
      data: { serviceId: dated.id, startDate: new Date("2031-03-08"), seats: 2 },
    });
    for (const query of ["quantity=1&type=Choose", `departure=${departure.id}&quantity=3&type=city`, "quantity=1&type=city"]) {
      const answer = await press(dated.id, query);
      expect(answer.status, query).toBe(200);
      expect(answer.data, query).toMatchObject({ adding: true });
    }
  });
});
