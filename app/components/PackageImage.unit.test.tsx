// Package pictures as the server renders them: uploaded photos with their WebP sizes, other URLs
// as they are, and what the broken-picture fallback needs (initials, the picture's shape).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PackageImage } from "~/components/PackageImage";

const ID = "0123456789abcdef0123456789abcdef";

function render(src: string, extra: { name?: string; priority?: boolean } = {}) {
  const html = renderToStaticMarkup(
    <PackageImage
      src={src}
      alt="Bandarban Hill Adventure"
      width={640}
      height={420}
      sizes="(max-width: 600px) 100vw, 33vw"
      {...extra}
    />,
  );
  // One <img> with plain attributes: name="value" pairs, the values HTML-escaped.
  const attributes = new Map(
    [...html.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), value.replace(/&#x27;/g, "'")]),
  );
  return {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    hasAttribute: (name: string) => attributes.has(name),
  };
}

describe("PackageImage", () => {
  it("gives an uploaded photo the srcset of its WebP widths and the sizes", () => {
    const img = render(`/photos/${ID}/960.webp`);
    expect(img.getAttribute("src")).toBe(`/photos/${ID}/960.webp`);
    expect(img.getAttribute("srcset")).toBe(
      [320, 640, 960, 1280].map((width) => `/photos/${ID}/${width}.webp ${width}w`).join(", "),
    );
    expect(img.getAttribute("sizes")).toBe("(max-width: 600px) 100vw, 33vw");
  });

  it("keeps any other URL as its src, without srcset or sizes", () => {
    for (const src of ["/images/tours/bandarban.svg", "https://example.com/photo.jpg", `/photos/${ID}/500.webp`]) {
      const img = render(src);
      expect(img.getAttribute("src")).toBe(src);
      expect(img.hasAttribute("srcset")).toBe(false);
      expect(img.hasAttribute("sizes")).toBe(false);
    }
  });

  it("carries the fallback's initials and the picture's shape; lazy unless it is the first picture", () => {
    const img = render("/images/tours/missing.jpg");
    expect(img.getAttribute("data-initials")).toBe("BH");
    expect(img.getAttribute("class")).toBe("package-image");
    expect(img.getAttribute("style")).toBe("aspect-ratio:640 / 420");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(render("/x.svg", { name: "Cox's Bazar", priority: true }).getAttribute("data-initials")).toBe("CB");
    expect(render("/x.svg", { priority: true }).getAttribute("loading")).toBe("eager");
  });
});
