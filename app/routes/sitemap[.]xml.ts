// /sitemap.xml: the public pages and every package on sale, with absolute URLs from PUBLIC_URL (robots.txt names it),
// each in English (its plain URL) and in Bengali (?lang=bn), each naming the other as its alternate.
import { listPackagesForSitemap } from "~/catalogue/index.server";
import { LANGUAGE_PARAM } from "~/platform/i18n";
import { publicUrl } from "~/platform/public-url.server";

/** The public pages of docs/spec.md §2 worth finding (/home is / again; login and register are not). */
const PUBLIC_PAGES = ["/", "/services", "/about", "/contact"];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

/** The page's two entries: English (the plain URL, also for any other language) and Bengali. */
function entries(path: string, lastmod?: Date): string[] {
  const english = publicUrl(path);
  const bengali = publicUrl(`${path}?${LANGUAGE_PARAM}=bn`);
  const alternates =
    `<xhtml:link rel="alternate" hreflang="en" href="${escapeXml(english)}"/>` +
    `<xhtml:link rel="alternate" hreflang="bn" href="${escapeXml(bengali)}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(english)}"/>`;
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  return [english, bengali].map((loc) => `<url><loc>${escapeXml(loc)}</loc>${modified}${alternates}</url>`);
}

export async function loader() {
  const packages = await listPackagesForSitemap();
  const urls = [
    ...PUBLIC_PAGES.flatMap((path) => entries(path)),
    ...packages.flatMap((tourPackage) => entries(`/order/${encodeURIComponent(tourPackage.id)}`, tourPackage.updatedAt)),
  ];
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
