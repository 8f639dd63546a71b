// Every picture of a package goes through this component, so that responsive sizes and the
// fallback for a broken URL live in one place.
import type { ImgHTMLAttributes } from "react";

type PackageImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "width" | "height"> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** the sizes attribute for responsive images, e.g. "(max-width: 600px) 100vw, 33vw" */
  sizes?: string;
  /** the first picture of a page: loaded first */
  priority?: boolean;
};

export function PackageImage({ src, alt, width, height, sizes, priority = false, ...rest }: PackageImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      {...(priority ? { fetchpriority: "high" } : {})}
      {...rest}
    />
  );
}
