// The tags search engines and link previews read, for a page's meta function: title and
// description, the canonical link, Open Graph and the Twitter card, and schema.org JSON-LD. URLs
// must be absolute: loaders make them with publicUrl (app/platform/public-url.server.ts).
import type { MetaDescriptor } from "@remix-run/node";

const SITE_NAME = "Tour Booking";

export interface SharedPage {
  /** the page's own title (the document title adds " — Tour Booking") */
  title: string;
  description: string;
  /** absolute canonical URL */
  url: string;
  /** absolute image URL */
  image: string;
  type?: "website" | "article" | "product";
}

/** Text for a description tag: one line, at most `max` characters, cut at a word with an ellipsis. */
export function snippet(text: string, max = 155): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max / 2 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

export function shareMeta({ title, description, url, image, type = "website" }: SharedPage): MetaDescriptor[] {
  return [
    { title: `${title} — ${SITE_NAME}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/** A JSON-LD script (Remix escapes "<" in it, so text from the database cannot end the script). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}
