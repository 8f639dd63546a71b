import { Link } from "@remix-run/react";
import Autoplay from "embla-carousel-autoplay";
import Fade from "embla-carousel-fade";
import useEmblaCarousel from "embla-carousel-react";

// docs/spec.md §9: auto-advance every 5000 ms, fade, wraps around, pauses on hover, swipe threshold 40 px.
const SLIDES = [1, 2, 3];

export function HeroCarousel() {
  const [emblaRef] = useEmblaCarousel({ loop: true, dragThreshold: 40 }, [
    Fade(),
    Autoplay({ delay: 5000, stopOnMouseEnter: true, stopOnInteraction: false }),
  ]);
  return (
    <section className="hero" aria-roledescription="carousel" aria-label="Welcome">
      {/* The page's largest image: an <img> the browser finds at once, fetched first. */}
      <img className="hero-background" src="/images/hero.svg" alt="" width={1600} height={640} {...{ fetchpriority: "high" }} />
      <div className="hero-viewport" ref={emblaRef}>
        <div className="hero-track">
          {SLIDES.map((slide) => (
            <div
              className="hero-slide"
              key={slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${slide} of ${SLIDES.length}`}
              aria-hidden={slide === 1 ? undefined : true}
            >
              <div className="hero-content container">
                {slide === 1 ? <h1>Explore Bangladesh with us</h1> : <p className="hero-heading">Explore Bangladesh with us</p>}
                <p>Quality travel within your budget: handpicked tours, trusted local guides and honest prices.</p>
                <Link to="/contact" className="button button-accent" tabIndex={slide === 1 ? undefined : -1}>
                  Contact Us
                </Link>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
