// /sitemap.xml: the public pages and every package on sale, with absolute URLs from PUBLIC_URL (robots.txt names it).
import { listPackagesForSitemap } from "~/catalogue/index.server";
import { publicUrl } from "~/platform/public-url.server";

/** The public pages of docs/spec.md §2 worth finding (/home is / again; login and register are not). */
const PUBLIC_PAGES = ["/", "/services", "/about", "/contact"];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

export async function loader() {
  const packages = await listPackagesForSitemap();
  const entries = [
    ...PUBLIC_PAGES.map((path) => `<url><loc>${escapeXml(publicUrl(path))}</loc></url>`),
    ...packages.map(
      (tourPackage) =>
        `<url><loc>${escapeXml(publicUrl(`/order/${encodeURIComponent(tourPackage.id)}`))}</loc>` +
        `<lastmod>${tourPackage.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
