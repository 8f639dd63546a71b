// schema.org data of a package page (a TouristTrip with its offer and rating), as search engines
// read it from the page's JSON-LD. Absolute URLs come from the loader.
import type { ItineraryDay } from "~/catalogue/packages";

interface TripFacts {
  name: string;
  description: string;
  url: string;
  /** absolute image URLs, the main one first */
  images: string[];
  /** whole-dollar price per person, as a decimal string ("450") */
  price: string;
  destination: string | null;
  itinerary: ItineraryDay[];
  rating: { average: number | null; count: number; rated: number };
}

export function touristTrip(trip: TripFacts): Record<string, unknown> {
  const itinerary = itineraryList(trip);
  return {
    "@context": "https://schema.org",
    "@type": "TouristTrip",
    name: trip.name,
    description: trip.description,
    url: trip.url,
    image: trip.images,
    provider: { "@type": "TravelAgency", name: "Tour Booking" },
    ...(itinerary ? { itinerary } : {}),
    offers: {
      "@type": "Offer",
      price: trip.price,
      priceCurrency: "USD",
      url: trip.url,
      availability: "https://schema.org/InStock",
    },
    // Only rated reviews count: a rating of 0 is "No rating" on the review form.
    ...(trip.rating.average !== null && trip.rating.rated > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: trip.rating.average,
            ratingCount: trip.rating.rated,
            reviewCount: trip.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The days in order, or the destination alone when there is no day-by-day plan; null with neither. */
function itineraryList(trip: TripFacts) {
  let stops: Record<string, unknown>[] = [];
  if (trip.itinerary.length > 0) {
    stops = trip.itinerary.map((day, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: `Day ${index + 1}: ${day.title}`,
      description: day.text,
    }));
  } else if (trip.destination) {
    stops = [{ "@type": "ListItem", position: 1, item: { "@type": "Place", name: `${trip.destination}, Bangladesh` } }];
  }
  return stops.length > 0 ? { "@type": "ItemList", numberOfItems: stops.length, itemListElement: stops } : null;
}
