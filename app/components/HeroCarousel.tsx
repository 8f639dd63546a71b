import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AutoplayToggle, CONTROLLED_AUTOPLAY, useCarouselAutoplay } from "~/components/CarouselAutoplay";
import { useLazyEmbla } from "~/components/lazy-embla";

// docs/spec.md §9: auto-advance every 5000 ms, fade, wraps around, pauses on hover, swipe threshold 40 px.
// The three slides are identical: only the first one's heading is the page's <h1>.
const SLIDES = [1, 2, 3];

export function HeroCarousel() {
  const [emblaRef, emblaApi] = useLazyEmbla({ loop: true, dragThreshold: 40 }, async () => {
    const [{ default: Fade }, { default: Autoplay }] = await Promise.all([
      import("embla-carousel-fade"),
      import("embla-carousel-autoplay"),
    ]);
    return [Fade(), Autoplay({ ...CONTROLLED_AUTOPLAY, delay: 5000 })];
  });
  const { regionProps, toggleProps } = useCarouselAutoplay(emblaApi);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on("select", onSelect);
    return () => {
      emblaApi.off("select", onSelect);
    };
  }, [emblaApi]);

  return (
    <section className="hero" aria-roledescription="carousel" aria-label="Welcome" {...regionProps}>
      {/* The page's largest image: an <img> the browser finds at once, fetched first. */}
      <img className="hero-background" src="/images/hero.svg" alt="" width={1600} height={640} {...{ fetchpriority: "high" }} />
      <div className="hero-viewport" ref={emblaRef}>
        <div className="hero-track">
          {SLIDES.map((slide, index) => (
            <div
              className="hero-slide"
              key={slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${slide} of ${SLIDES.length}`}
              aria-hidden={index === selected ? undefined : true}
            >
              <div className="hero-content container">
                {slide === 1 ? (
                  <h1 className="hero-heading">Explore Bangladesh with us</h1>
                ) : (
                  <p className="hero-heading">Explore Bangladesh with us</p>
                )}
                <p>Quality travel within your budget: handpicked tours, trusted local guides and honest prices.</p>
                <Link to="/contact" className="button button-accent" tabIndex={index === selected ? undefined : -1}>
                  Contact Us
                </Link>
              </div>
            </div>
          ))}
        </div>
      </div>
      {emblaApi ? <AutoplayToggle {...toggleProps} what="the slideshow" className="hero-autoplay" /> : null}
    </section>
  );
}
