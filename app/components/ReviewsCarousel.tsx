import { Form, useLocation } from "@remix-run/react";
import { avatarSrc } from "~/accounts/avatars";
import { CarouselControls, CONTROLLED_AUTOPLAY, useCarouselAutoplay } from "~/components/CarouselAutoplay";
import { useT } from "~/components/language-context";
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
  const { t } = useT();
  if (reviews.length === 0) return <Spinner label={t("public.reviews.loading")} />;
  return (
    <div className="reviews-carousel" aria-roledescription="carousel" aria-label={t("public.reviews.label")} {...regionProps}>
      <div
        className={emblaApi ? "reviews-viewport is-carousel" : "reviews-viewport"}
        ref={emblaRef}
        {...(emblaApi ? {} : { role: "region", "aria-label": t("public.reviews.label"), tabIndex: 0 })}
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
                      aria-label={t("public.reviews.reportLabel", { name: review.name })}
                    >
                      {t("public.reviews.report")}
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
        what={t("public.reviews.what")}
        previousLabel={t("public.reviews.previous")}
        nextLabel={t("public.reviews.next")}
      />
    </div>
  );
}
