// Every absolute URL the site makes comes from PUBLIC_URL, whatever Host or X-Forwarded-* a request
// carries (docs/decisions/0013-public-origin.md): a forged host must never reach a password-reset
// link, another email, the sitemap, robots.txt or a page's head tags. The requests here are what
// Remix's Express adapter hands the app for a hostile client: its URL already holds the forged host.
process.env.PUBLIC_URL = "https://tours.example.com";
// Behind a trusted proxy the forwarded headers counted before; they must not count now either.
process.env.TRUST_PROXY = "1";
process.env.GOOGLE_CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
process.env.GOOGLE_CLIENT_SECRET = "fake-client-secret";

import { describe, expect, it } from "vitest";
import { createPackage } from "~/catalogue/package-store.server";
import { db } from "~/platform/db.server";
import { loader as rootLoader } from "~/root";
import * as checkout from "~/routes/addCart.$total";
import * as startGoogle from "~/routes/auth.google";
import * as forgot from "~/routes/forgot-password";
import * as newsletter from "~/routes/newsletter";
import * as orderPage from "~/routes/order.$id";
import * as robots from "~/routes/robots[.]txt";
import * as sitemap from "~/routes/sitemap[.]xml";
import { createUser, signIn } from "../support/auth";
import { bookingFor, firstPackage } from "../support/orders";
import { callRoute, routeArgs, unwrap } from "../support/requests";

const PUBLIC = "https://tours.example.com";
const EVIL = "attacker.example";

/** The hostile ways a client names the host: Host itself, and the forwarded headers of a proxy. */
const HOSTILE: Record<string, Record<string, string>> = {
  Host: { Host: EVIL },
  "X-Forwarded-Host": { Host: "localhost:3000", "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "http" },
};

function hostileGet(path: string, headers: Record<string, string>, cookie?: string) {
  return new Request(`http://${EVIL}${path}`, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } });
}

function hostilePost(path: string, fields: Record<string, string>, headers: Record<string, string>, cookie?: string) {
  return new Request(`http://${EVIL}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      ...headers,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://${EVIL}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

async function outboxTo(email: string) {
  const prisma = await db();
  return prisma.outboxEmail.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });
}

/** Every absolute URL in a text. */
const urlsIn = (text: string) => text.match(/https?:\/\/[^\s<>"']+/g) ?? [];

describe.each(Object.entries(HOSTILE))("a request with a hostile %s", (_name, headers) => {
  it("gets a password-reset email whose link is on PUBLIC_URL", async () => {
    const user = await createUser();
    const answer = await callRoute(forgot.action, hostilePost("/forgot-password", { email: user.email }, headers));
    expect(answer.status).toBe(200);
    const [email] = await outboxTo(user.email);
    expect(email.text).toMatch(new RegExp(`^${PUBLIC}/reset-password/[A-Za-z0-9_-]{43}$`, "m"));
    expect(email.text).not.toContain(EVIL);
  });

  it("gets a newsletter confirmation whose links are on PUBLIC_URL", async () => {
    const address = `news-${Math.random().toString(36).slice(2)}@example.com`;
    await callRoute(newsletter.action, hostilePost("/newsletter", { email: address }, headers));
    const [email] = await outboxTo(address);
    expect(urlsIn(email.text)).toHaveLength(2);
    for (const url of urlsIn(email.text)) expect(url.startsWith(`${PUBLIC}/newsletter/`), url).toBe(true);
  });

  it("gets a booking email whose link to pay is on PUBLIC_URL", async () => {
    const customer = await createUser();
    const booking = await bookingFor((await firstPackage()).id, { email: customer.email });
    const fields = Object.fromEntries(Object.entries(booking).map(([name, value]) => [name, String(value)]));
    const answer = await callRoute(checkout.action, hostilePost("/addCart/1", fields, headers, await signIn(customer.id)));
    expect(answer.status).toBe(302);
    const prisma = await db();
    const order = await prisma.order.findFirstOrThrow({ where: { userId: customer.id } });
    const [email] = await outboxTo(customer.email);
    expect(urlsIn(email.text)).toEqual([`${PUBLIC}/dashboard/payment/${order.id}`]);
  });

  it("gets the sitemap and robots.txt with PUBLIC_URL only", async () => {
    const map = await callRoute<string>(sitemap.loader, hostileGet("/sitemap.xml", headers));
    const locs = [...map.data.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs.length).toBeGreaterThan(4);
    expect(locs.filter((loc) => !loc.startsWith(`${PUBLIC}/`))).toEqual([]);
    const text = await callRoute<string>(robots.loader, hostileGet("/robots.txt", headers));
    expect(text.data).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
  });

  it("gets canonical, Open Graph and JSON-LD URLs on PUBLIC_URL", async () => {
    // The pages' shared head tags (app/http/page-meta.ts) take the root loader's origin.
    const { data } = await unwrap<{ origin: string }>(await rootLoader(routeArgs(hostileGet("/services", headers))));
    expect(data.origin).toBe(PUBLIC);

    const tourPackage = await createPackage({
      title: "Origin Trip",
      cost: 100,
      image: "/images/tours/srimangal.svg",
      description: "x",
    });
    const page = await orderPage.loader(routeArgs(hostileGet(`/order/${tourPackage.id}`, headers), { id: tourPackage.id }));
    const tags = orderPage.meta({ data: page } as Parameters<typeof orderPage.meta>[0]) as Record<string, unknown>[];
    const urls = urlsIn(JSON.stringify(tags));
    expect(urls).toContain(`${PUBLIC}/order/${tourPackage.id}`);
    expect(urls).toContain(`${PUBLIC}/images/tours/srimangal.svg`);
    expect(urls.filter((url) => url.includes(EVIL))).toEqual([]);
  });

  it("is sent to Google with a return address on PUBLIC_URL", async () => {
    const answer = await callRoute(startGoogle.action, hostilePost("/auth/google", { redirectTo: "/" }, headers));
    const location = new URL(answer.headers.get("Location") ?? "");
    expect(location.searchParams.get("redirect_uri")).toBe(`${PUBLIC}/auth/google/callback`);
  });
});
