// A package's pictures: the main image first in a strip that snaps picture by picture (touch,
// trackpad or keyboard), and thumbnails that are links to each picture, so it works without
// JavaScript; with it, a thumbnail scrolls the strip only, not the page.
import type { MouseEvent } from "react";
import { useT } from "~/components/language-context";
import { PackageImage } from "~/components/PackageImage";

export function TripGallery({ title, images }: { title: string; images: string[] }) {
  const { t } = useT();
  if (images.length === 1) {
    return (
      <PackageImage
        src={images[0]}
        alt={title}
        width={640}
        height={420}
        sizes="(max-width: 800px) 100vw, 640px"
        className="order-image"
        priority
      />
    );
  }
  const showPicture = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    const strip = document.getElementById("trip-gallery-strip");
    if (!strip) return;
    event.preventDefault();
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    strip.scrollTo({ left: index * strip.clientWidth, behavior: reducedMotion ? "auto" : "smooth" });
  };
  return (
    <div className="trip-gallery">
      {/* A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). */}
      <div
        id="trip-gallery-strip"
        className="trip-gallery-strip"
        role="region"
        aria-label={t("trip.gallery.pictures", { title })}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <ul>
          {images.map((src, index) => (
            <li key={`${src}-${index}`} id={`photo-${index + 1}`} className="trip-gallery-slide">
              <PackageImage
                src={src}
                alt={index === 0 ? title : t("trip.gallery.picture", { title, index: index + 1, count: images.length })}
                width={640}
                height={420}
                sizes="(max-width: 800px) 100vw, 640px"
                className="order-image"
                priority={index === 0}
              />
            </li>
          ))}
        </ul>
      </div>
      <ul className="trip-gallery-thumbs" aria-label={t("trip.gallery.choose")}>
        {images.map((src, index) => (
          <li key={`${src}-${index}`}>
            <a href={`#photo-${index + 1}`} onClick={(event) => showPicture(event, index)}>
              <PackageImage src={src} alt={t("trip.gallery.thumb", { index: index + 1 })} width={96} height={63} sizes="96px" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
