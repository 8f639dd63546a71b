// Every picture of a package goes through this component, so that responsive sizes and the
// fallback for a broken URL live in one place.
//
// Uploaded photos (app/catalogue/photos.ts) come with a srcset of their WebP widths; other URLs are
// loaded as they are. A URL that fails shows a placeholder rather than the browser's broken-image
// box: without JavaScript the img's ::after (drawn by browsers only for an image that failed) covers
// it with the package's initials (app/styles/app.css, .package-image); with JavaScript the img
// switches to the local placeholder picture, even when it failed before hydration.
import { type ImgHTMLAttributes, type SyntheticEvent, useEffect, useRef } from "react";
import { photoSrcSet, photoUrl, uploadedPhotoId } from "~/catalogue/photos";

const PLACEHOLDER_IMAGE = "/images/package-placeholder.svg";

type PackageImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "width" | "height"> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** the sizes attribute for responsive images, e.g. "(max-width: 600px) 100vw, 33vw" */
  sizes?: string;
  /** the first picture of a page: loaded first */
  priority?: boolean;
  /** the package's title, for the initials of the fallback (defaults to alt) */
  name?: string;
};

/** "Bandarban Hill Adventure" → "BH" */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, "").charAt(0))
    .filter(Boolean)
    .slice(0, 2)
    .join("")
    .toUpperCase();
}

function showPlaceholder(img: HTMLImageElement) {
  if (img.getAttribute("src") === PLACEHOLDER_IMAGE) return;
  img.removeAttribute("srcset");
  img.src = PLACEHOLDER_IMAGE;
}

export function PackageImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  name,
  className,
  style,
  onError,
  ...rest
}: PackageImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before React attached onError (server-rendered markup).
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src")) showPlaceholder(img);
  }, [src]);
  const photoId = uploadedPhotoId(src);
  const responsive = photoId ? { src: photoUrl(photoId), srcSet: photoSrcSet(photoId), sizes } : { src };
  return (
    <img
      ref={ref}
      {...responsive}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      {...(priority ? { fetchpriority: "high" } : {})}
      className={className ? `package-image ${className}` : "package-image"}
      style={{ aspectRatio: `${width} / ${height}`, ...style }}
      data-initials={initialsOf(name ?? alt)}
      onError={(event: SyntheticEvent<HTMLImageElement>) => {
        showPlaceholder(event.currentTarget);
        onError?.(event);
      }}
      {...rest}
    />
  );
}
