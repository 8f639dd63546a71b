// /robots.txt: crawlers may read the public site, not the dashboard or the API; the sitemap is named.
import { publicUrl } from "~/platform/public-url.server";

export function loader() {
  const lines = ["User-agent: *", "Disallow: /dashboard", "Disallow: /api", "", `Sitemap: ${publicUrl("/sitemap.xml")}`, ""];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
