import { CarouselControls, CONTROLLED_AUTOPLAY, useCarouselAutoplay } from "~/components/CarouselAutoplay";
import { useT } from "~/components/language-context";
import { useLazyEmbla } from "~/components/lazy-embla";

interface Slide {
  src: string;
  alt: string;
}

// Like the reviews carousel: a sideways-scrolling row until the carousel runs (or without JavaScript).
export function ImageCarousel({ slides, label }: { slides: Slide[]; label: string }) {
  const [emblaRef, emblaApi] = useLazyEmbla({ loop: true }, async () => {
    const { default: Autoplay } = await import("embla-carousel-autoplay");
    return [Autoplay({ ...CONTROLLED_AUTOPLAY, delay: 5000 })];
  });
  const { regionProps, toggleProps, reducedMotion } = useCarouselAutoplay(emblaApi);
  const { t } = useT();
  return (
    <div className="image-carousel" aria-roledescription="carousel" aria-label={label} {...regionProps}>
      <div
        className={emblaApi ? "image-carousel-viewport is-carousel" : "image-carousel-viewport"}
        ref={emblaRef}
        {...(emblaApi ? {} : { role: "region", "aria-label": label, tabIndex: 0 })}
      >
        <ul className="image-carousel-track">
          {slides.map((slide) => (
            <li key={slide.src} className="image-carousel-slide">
              <img src={slide.src} alt={slide.alt} width={800} height={450} loading="lazy" />
            </li>
          ))}
        </ul>
      </div>
      <CarouselControls
        emblaApi={emblaApi}
        reducedMotion={reducedMotion}
        toggleProps={toggleProps}
        what={t("public.gallery.what")}
        previousLabel={t("public.gallery.previous")}
        nextLabel={t("public.gallery.next")}
      />
    </div>
  );
}
