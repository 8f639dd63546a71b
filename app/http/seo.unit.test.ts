import { describe, expect, it } from "vitest";
import { touristTrip } from "~/catalogue/structured-data";
import { jsonLd, shareMeta, snippet } from "~/http/seo";

describe("snippet", () => {
  it("keeps a short text, on one line", () => {
    expect(snippet("  Clouds\n at   sunrise. ")).toBe("Clouds at sunrise.");
  });

  it("cuts a long text at a word, with an ellipsis, within the limit", () => {
    const text = "word ".repeat(60);
    const cut = snippet(text, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/^(word )*word…$/);
  });
});

describe("shareMeta", () => {
  it("gives the title, description, canonical link, Open Graph and a large Twitter card", () => {
    const tags = shareMeta({
      title: "Sajek",
      description: "Clouds.",
      url: "https://x.example/order/1",
      image: "https://x.example/a.svg",
    });
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: "Sajek — Tour Booking" },
        { tagName: "link", rel: "canonical", href: "https://x.example/order/1" },
        { property: "og:type", content: "website" },
        { property: "og:image", content: "https://x.example/a.svg" },
        { name: "twitter:card", content: "summary_large_image" },
      ]),
    );
    expect(jsonLd({ a: 1 })).toEqual({ "script:ld+json": { a: 1 } });
  });
});

describe("touristTrip", () => {
  const trip = {
    name: "Sajek",
    description: "Clouds.",
    url: "https://x.example/order/1",
    images: ["https://x.example/a.svg"],
    price: "380",
    destination: null,
    itinerary: [],
  };

  it("has an offer in USD and no rating, itinerary or place when there is none", () => {
    const data = touristTrip({ ...trip, rating: { average: null, count: 2, rated: 0 } });
    expect(data.offers).toMatchObject({ "@type": "Offer", price: "380", priceCurrency: "USD" });
    expect(data).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("itinerary");
  });

  it("names the destination when there is no day-by-day plan, and rates from the rated reviews", () => {
    const data = touristTrip({ ...trip, destination: "Sajek Valley", rating: { average: 4.5, count: 3, rated: 2 } });
    expect(data.itinerary).toMatchObject({ itemListElement: [{ item: { "@type": "Place", name: "Sajek Valley, Bangladesh" } }] });
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.5, ratingCount: 2, reviewCount: 3 });
  });
});
