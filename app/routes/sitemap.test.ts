// /sitemap.xml and /robots.txt: absolute URLs from the request's origin, every package on sale
// with its last change, none deleted.
import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { createPackage, deletePackage } from "~/data/packages.server";
import * as robots from "~/routes/robots[.]txt";
import * as sitemap from "~/routes/sitemap[.]xml";
import { getRequest } from "../../tests/support/requests";

const ENTRY = /^<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>$/;

async function readSitemap(host?: string) {
  const request = getRequest("/sitemap.xml", host ? { headers: { Host: host } } : {});
  const response = (await sitemap.loader({ request, params: {}, context: {} })) as Response;
  expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
  const xml = await response.text();
  // The whole document: the declaration, one urlset in the sitemap namespace, one url per line.
  const lines = xml.split("\n");
  expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
  expect(lines[1]).toBe('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(lines.slice(-2)).toEqual(["</urlset>", ""]);
  return lines.slice(2, -2).map((line) => {
    const match = ENTRY.exec(line);
    expect(match, line).not.toBeNull();
    return { loc: match![1], lastmod: match![2] };
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
    expect(locs.some((loc) => loc.endsWith(gone.id))).toBe(false);
    expect(entries).toHaveLength(4 + live.length);
  });

  it("uses the Host the visitor reached, and a bad one cannot break out of the URL", async () => {
    const entries = await readSitemap("tours.example:8080");
    expect(entries[0].loc).toBe("http://tours.example:8080/");
    const odd = await readSitemap("evil.example/<x>&");
    expect(odd.every((entry) => entry.loc.startsWith("http://localhost:3000/"))).toBe(true);
  });
});

describe("/robots.txt", () => {
  it("keeps crawlers out of the dashboard and the API and names the sitemap", async () => {
    const request = getRequest("/robots.txt", { headers: { Host: "tours.example" } });
    const response = (await robots.loader({ request, params: {}, context: {} })) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain("Disallow: /api");
    expect(lines).toContain("Sitemap: http://tours.example/sitemap.xml");
  });
});
