// What the package page tells about the trip beyond the spec's title, price and description: the
// facts, the day-by-day plan, what the price covers and the package's reviews. Each part shows only
// when the package has it, so a package without facts looks as it always did.
import { avatarSrc } from "~/accounts";
import { type ItineraryDay, type PackageRecord } from "~/catalogue";
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";
import { Stars } from "~/components/Stars";
import { VerifiedTraveller } from "~/components/VerifiedTraveller";
import { type MessageKey, placeName } from "~/platform/i18n";

/** The package's facts, its itinerary read into days. */
type Trip = Pick<PackageRecord, "destination" | "durationDays" | "maxGroupSize" | "meetingPoint" | "included" | "excluded"> & {
  itinerary: ItineraryDay[];
};

interface Reviews {
  average: number | null;
  count: number;
  latest: {
    id: string;
    name: string;
    rating: number;
    review: string;
    photo: string | null;
    createdAt: Date;
    verifiedTraveller: boolean;
  }[];
}

/** "★★★★☆ 4.5 out of 5 · 3 reviews" (a link to the reviews below, unless it heads them); nothing without reviews. */
export function TripRatingSummary({ reviews, link = true }: { reviews: Pick<Reviews, "average" | "count">; link?: boolean }) {
  const { t } = useT();
  const format = useFormat();
  if (reviews.count === 0) return null;
  const count = t("trip.reviewCount", { count: reviews.count });
  return (
    <p className="trip-rating">
      {reviews.average !== null ? (
        <>
          <Stars rating={reviews.average} /> <strong>{format.digits(reviews.average.toFixed(1))}</strong>{" "}
          {t("trip.ratingOutOf5")}{" "}
        </>
      ) : null}
      {link ? <a href="#reviews">{count}</a> : count}
    </p>
  );
}

export function TripFacts({ tourPackage }: { tourPackage: Trip }) {
  const translator = useT();
  const { t } = translator;
  const facts: [MessageKey, string][] = [];
  if (tourPackage.destination) facts.push(["trip.fact.destination", placeName(translator, tourPackage.destination)]);
  if (tourPackage.durationDays) facts.push(["trip.fact.duration", t("trip.fact.days", { count: tourPackage.durationDays })]);
  if (tourPackage.maxGroupSize) facts.push(["trip.fact.groupSize", t("trip.fact.upTo", { count: tourPackage.maxGroupSize })]);
  if (tourPackage.meetingPoint) facts.push(["trip.fact.meetingPoint", tourPackage.meetingPoint]);
  if (facts.length === 0) return null;
  return (
    <dl className="trip-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{t(term)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TripDetails({ tourPackage, reviews }: { tourPackage: Trip; reviews: Reviews }) {
  const { itinerary, included, excluded } = tourPackage;
  const { t } = useT();
  const format = useFormat();
  if (itinerary.length === 0 && included.length === 0 && excluded.length === 0 && reviews.count === 0) return null;
  return (
    <div className="trip-sections">
      {itinerary.length > 0 ? (
        <section aria-labelledby="itinerary-title" className="trip-itinerary">
          <h2 id="itinerary-title">{t("trip.itinerary")}</h2>
          <ol>
            {itinerary.map((day, index) => (
              <li key={index}>
                <details open={index === 0}>
                  <summary>
                    <span className="trip-day">{t("trip.day", { day: index + 1 })}</span> {day.title}
                  </summary>
                  <p>{day.text}</p>
                </details>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {included.length > 0 || excluded.length > 0 ? (
        <section aria-labelledby="covers-title" className="trip-covers">
          <h2 id="covers-title">{t("trip.covers")}</h2>
          <div className="trip-covers-lists">
            {included.length > 0 ? (
              <div>
                <h3>{t("trip.included")}</h3>
                <ul className="trip-included">
                  {included.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {excluded.length > 0 ? (
              <div>
                <h3>{t("trip.excluded")}</h3>
                <ul className="trip-excluded">
                  {excluded.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        </section>
      ) : null}

      {reviews.count > 0 ? (
        <section id="reviews" aria-labelledby="trip-reviews-title" className="trip-reviews">
          <h2 id="trip-reviews-title">{t("trip.reviews")}</h2>
          <TripRatingSummary reviews={reviews} link={false} />
          <ul>
            {reviews.latest.map((review) => (
              <li key={review.id} className="card trip-review">
                <img src={avatarSrc(review.photo)} alt="" width={48} height={48} loading="lazy" className="avatar" />
                <div>
                  <p className="trip-review-head">
                    <strong>{review.name}</strong> <VerifiedTraveller verified={review.verifiedTraveller} />{" "}
                    {review.rating > 0 ? <Stars rating={review.rating} /> : null}{" "}
                    <time dateTime={review.createdAt.toISOString()}>{format.date(review.createdAt)}</time>
                  </p>
                  <p>{review.review}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
