// /sitemap.xml and /robots.txt: absolute URLs from PUBLIC_URL (never the request's Host), every package on sale
// with its last change, none deleted.
import { describe, expect, it } from "vitest";
import { createPackage, deletePackage } from "~/catalogue/package-store.server";
import { db } from "~/platform/db.server";
import * as robots from "~/routes/robots[.]txt";
import * as sitemap from "~/routes/sitemap[.]xml";
import { callRoute, getRequest } from "../../tests/support/requests";

const ENTRY =
  /^<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<xhtml:link rel="alternate" hreflang="en" href="([^"]+)"\/><xhtml:link rel="alternate" hreflang="bn" href="([^"]+)"\/><xhtml:link rel="alternate" hreflang="x-default" href="([^"]+)"\/><\/url>$/;

async function readSitemap(host?: string) {
  const response = await callRoute<string>(sitemap.loader, getRequest("/sitemap.xml", host ? { headers: { Host: host } } : {}));
  expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
  const xml = response.data;
  // The whole document: the declaration, one urlset in the sitemap namespace, one url per line.
  const lines = xml.split("\n");
  expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
  expect(lines[1]).toBe(
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  );
  expect(lines.slice(-2)).toEqual(["</urlset>", ""]);
  return lines.slice(2, -2).map((line) => {
    const match = ENTRY.exec(line);
    expect(match, line).not.toBeNull();
    return { loc: match![1], lastmod: match![2], en: match![3], bn: match![4], xDefault: match![5] };
  });
}

describe("/sitemap.xml", () => {
  it("lists the public pages and every package on sale with its last change, not deleted ones", async () => {
    const prisma = await db();
    const kept = await createPackage({
      title: "Sitemap Kept",
      cost: 100,
      image: "/images/tours/srimangal.svg",
      description: "x",
    });
    const gone = await createPackage({
      title: "Sitemap Gone",
      cost: 100,
      image: "/images/tours/srimangal.svg",
      description: "x",
    });
    await deletePackage(gone.id);

    const entries = await readSitemap();
    const locs = entries.map((entry) => entry.loc);
    for (const path of ["/", "/services", "/about", "/contact"]) expect(locs).toContain(`http://localhost:3000${path}`);
    const live = await prisma.service.findMany({ where: { deletedAt: null }, select: { id: true, updatedAt: true } });
    for (const tourPackage of live) {
      const entry = entries.find((item) => item.loc === `http://localhost:3000/order/${tourPackage.id}`);
      expect(entry?.lastmod).toBe(tourPackage.updatedAt.toISOString());
    }
    expect(locs).toContain(`http://localhost:3000/order/${kept.id}`);
    expect(locs.some((loc) => loc.includes(gone.id))).toBe(false);
    // Each page twice: in English (its plain URL) and in Bengali, each naming both.
    for (const entry of entries) {
      const english = entry.loc.replace("?lang=bn", "");
      expect(entry).toMatchObject({ en: english, bn: `${english}?lang=bn`, xDefault: english });
    }
    expect(locs).toContain(`http://localhost:3000/order/${kept.id}?lang=bn`);
    expect(locs).toContain("http://localhost:3000/services?lang=bn");
    expect(entries).toHaveLength(2 * (4 + live.length));
  });

  it("links to PUBLIC_URL (its default in tests), whatever Host the request names", async () => {
    for (const host of ["tours.example:8080", "evil.example/<x>&"]) {
      const entries = await readSitemap(host);
      expect(entries.every((entry) => entry.loc.startsWith("http://localhost:3000/"))).toBe(true);
    }
  });
});

describe("/robots.txt", () => {
  it("keeps crawlers out of the dashboard and the API and names the sitemap", async () => {
    const response = await callRoute<string>(robots.loader, getRequest("/robots.txt", { headers: { Host: "tours.example" } }));
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = response.data.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain("Disallow: /api");
    expect(lines).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});
