import { Form, useLocation } from "@remix-run/react";
import { avatarSrc } from "~/accounts/avatars";
import { CarouselControls, CONTROLLED_AUTOPLAY, useCarouselAutoplay } from "~/components/CarouselAutoplay";
import { useLazyEmbla } from "~/components/lazy-embla";
import { Spinner } from "~/components/Spinner";
import { Stars } from "~/components/Stars";
import { VerifiedTraveller } from "~/components/VerifiedTraveller";

interface ReviewData {
  id: string;
  name: string;
  rating: number;
  review: string;
  photo: string | null;
  verifiedTraveller: boolean;
}

// Two reviews at a time (CSS sets the slide width), looping and autoplaying. Until the carousel
// runs (or without JavaScript) the list is a row that scrolls sideways, by touch or keyboard.
// Signed-in users get a Report button on each review (app/routes/reviews.report.ts).
export function ReviewsCarousel({ reviews, canReport = false }: { reviews: ReviewData[]; canReport?: boolean }) {
  const { pathname } = useLocation();
  const [emblaRef, emblaApi] = useLazyEmbla({ loop: true, align: "start" }, async () => {
    const { default: Autoplay } = await import("embla-carousel-autoplay");
    return [Autoplay({ ...CONTROLLED_AUTOPLAY, delay: 4000 })];
  });
  const { regionProps, toggleProps, reducedMotion } = useCarouselAutoplay(emblaApi);
  if (reviews.length === 0) return <Spinner label="Loading reviews" />;
  return (
    <div className="reviews-carousel" aria-roledescription="carousel" aria-label="Customer reviews" {...regionProps}>
      <div
        className={emblaApi ? "reviews-viewport is-carousel" : "reviews-viewport"}
        ref={emblaRef}
        {...(emblaApi ? {} : { role: "region", "aria-label": "Customer reviews", tabIndex: 0 })}
      >
        <ul className="reviews-track">
          {reviews.map((review) => (
            <li className="review-slide" key={review.id}>
              <figure className="card review-card">
                <img src={avatarSrc(review.photo)} alt="" width={72} height={72} loading="lazy" className="avatar" />
                <blockquote>
                  <p>{review.review}</p>
                </blockquote>
                <figcaption>
                  <strong>{review.name}</strong>
                  <VerifiedTraveller verified={review.verifiedTraveller} />
                  <Stars rating={review.rating} />
                </figcaption>
                {canReport ? (
                  <Form method="post" action="/reviews/report" preventScrollReset className="review-report">
                    <input type="hidden" name="id" value={review.id} />
                    <input type="hidden" name="redirectTo" value={pathname} />
                    <button
                      type="submit"
                      className="button button-small button-secondary"
                      aria-label={`Report the review by ${review.name} as abusive`}
                    >
                      Report
                    </button>
                  </Form>
                ) : null}
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <CarouselControls
        emblaApi={emblaApi}
        reducedMotion={reducedMotion}
        toggleProps={toggleProps}
        what="the reviews"
        previousLabel="Previous reviews"
        nextLabel="Next reviews"
      />
    </div>
  );
}
