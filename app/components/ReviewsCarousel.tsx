import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { Spinner } from "~/components/Spinner";
import { Stars } from "~/components/Stars";

interface ReviewData {
  id: string;
  name: string;
  rating: number;
  review: string;
  photo: string | null;
}

// Two reviews at a time (CSS sets the slide width), looping and autoplaying.
export function ReviewsCarousel({ reviews }: { reviews: ReviewData[] }) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, align: "start" }, [
    Autoplay({ delay: 4000, stopOnMouseEnter: true, stopOnInteraction: false }),
  ]);
  if (reviews.length === 0) return <Spinner label="Loading reviews" />;
  return (
    <div className="reviews-carousel" aria-roledescription="carousel" aria-label="Customer reviews">
      <div className="reviews-viewport" ref={emblaRef}>
        <ul className="reviews-track">
          {reviews.map((review) => (
            <li className="review-slide" key={review.id}>
              <figure className="card review-card">
                <img
                  src={review.photo || "/images/people/default-avatar.svg"}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  className="avatar"
                />
                <blockquote>
                  <p>{review.review}</p>
                </blockquote>
                <figcaption>
                  <strong>{review.name}</strong>
                  <Stars rating={review.rating} />
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <div className="carousel-controls">
        <button type="button" className="icon-button" onClick={() => emblaApi?.scrollPrev()} aria-label="Previous reviews">
          ‹
        </button>
        <button type="button" className="icon-button" onClick={() => emblaApi?.scrollNext()} aria-label="Next reviews">
          ›
        </button>
      </div>
    </div>
  );
}
