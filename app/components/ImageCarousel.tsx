import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";

interface Slide {
  src: string;
  alt: string;
}

export function ImageCarousel({ slides, label }: { slides: Slide[]; label: string }) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true }, [
    Autoplay({ delay: 5000, stopOnMouseEnter: true, stopOnInteraction: false }),
  ]);
  return (
    <div className="image-carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="image-carousel-viewport" ref={emblaRef}>
        <ul className="image-carousel-track">
          {slides.map((slide) => (
            <li key={slide.src} className="image-carousel-slide">
              <img src={slide.src} alt={slide.alt} width={800} height={450} loading="lazy" />
            </li>
          ))}
        </ul>
      </div>
      <div className="carousel-controls">
        <button type="button" className="icon-button" onClick={() => emblaApi?.scrollPrev()} aria-label="Previous picture">
          ‹
        </button>
        <button type="button" className="icon-button" onClick={() => emblaApi?.scrollNext()} aria-label="Next picture">
          ›
        </button>
      </div>
    </div>
  );
}
