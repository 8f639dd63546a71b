// /robots.txt: crawlers may read the public site, not the dashboard or the API; the sitemap is named.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { absoluteUrl } from "~/http/site-url.server";

export function loader({ request }: LoaderFunctionArgs) {
  const text = [
    "User-agent: *",
    "Disallow: /dashboard",
    "Disallow: /api",
    "",
    `Sitemap: ${absoluteUrl(request, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
