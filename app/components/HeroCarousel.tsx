import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AutoplayToggle, CONTROLLED_AUTOPLAY, useCarouselAutoplay } from "~/components/CarouselAutoplay";
import { useT } from "~/components/language-context";
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
  const { t } = useT();
  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on("select", onSelect);
    return () => {
      emblaApi.off("select", onSelect);
    };
  }, [emblaApi]);

  return (
    <section className="hero" aria-roledescription="carousel" aria-label={t("home.hero.label")} {...regionProps}>
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
              aria-label={t("home.hero.slide", { slide, count: SLIDES.length })}
              aria-hidden={index === selected ? undefined : true}
            >
              <div className="hero-content container">
                {slide === 1 ? (
                  <h1 className="hero-heading">{t("home.hero.heading")}</h1>
                ) : (
                  <p className="hero-heading">{t("home.hero.heading")}</p>
                )}
                <p>{t("home.hero.text")}</p>
                <Link to="/contact" className="button button-accent" tabIndex={index === selected ? undefined : -1}>
                  {t("home.hero.contact")}
                </Link>
              </div>
            </div>
          ))}
        </div>
      </div>
      {emblaApi ? <AutoplayToggle {...toggleProps} what={t("home.hero.what")} className="hero-autoplay" /> : null}
    </section>
  );
}
