// Hostile input over real HTTP against a production app process on PostgreSQL: U+0000 in every
// field of the Add A Product form and of POST /api/services, deeply nested JSON bodies, package
// images that would leave the site, and a login redirect that normalises into another host.
// Each is a 4xx, nothing is stored, and the process logs no error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nulMessage } from "~/platform/text";
import { createDatabase, startApp, TEST_ADMIN, type AppProcess, type TestDatabase } from "./support/app";
import { Client, logIn } from "./support/client";
import { percentile, recordFigures } from "./support/figures";

let database: TestDatabase;
let app: AppProcess;
let admin: Client;

const product = { title: "Sajek Valley", cost: "150", image: "/images/tours/sajek.svg", description: "Clouds at sunrise." };
const IMAGE_MESSAGE = "The image must be an http(s) URL or a path on this site, like /images/tours/x.svg.";
const statuses: Record<string, number> = {};
const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);

beforeAll(async () => {
  database = await createDatabase("input");
  app = await startApp(database.url);
  admin = await logIn(app.origin, TEST_ADMIN.email, TEST_ADMIN.password);
});

afterAll(async () => {
  expect(await app?.stop()).toBe(0);
  await database?.drop();
});

const services = async () => Number((await database.query<{ n: string }>(`SELECT count(*) AS n FROM "Service"`))[0].n);
/** React escapes quotes in text: the message as the HTML page shows it. */
const asHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

describe("over HTTP", () => {
  it("U+0000 in any field of Add A Product or POST /api/services is a 400 naming the field; nothing is stored", async () => {
    const before = await services();
    for (const field of Object.keys(product)) {
      const form = await admin.postForm("/dashboard/addProduct", {
        ...product,
        [field]: `${product[field as keyof typeof product]}\u0000`,
      });
      count(form.status);
      expect(form.status, field).toBe(400);
      expect(await form.text()).toContain(asHtml(nulMessage(field)));
      const api = await admin.json("POST", "/api/services", {
        ...product,
        cost: 150,
        [field]: `${product[field as keyof typeof product]}\u0000`,
      });
      count(api.status);
      expect(api.status, field).toBe(400);
      expect(await api.json()).toMatchObject({ error: nulMessage(field), details: { [field]: [nulMessage(field)] } });
    }
    expect(await services()).toBe(before);
  });

  it("deeply nested JSON under the 64 KB limit is a 400, quickly, and the process stays well", async () => {
    const depth = 30_000;
    const bodies = [
      `{"title":${"[".repeat(depth)}${"]".repeat(depth)}}`,
      `{"a":${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}}`,
    ];
    const timings: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      for (const body of bodies) {
        expect(Buffer.byteLength(body)).toBeLessThan(64 * 1024);
        const started = performance.now();
        const answer = await admin.request("/api/services", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
        });
        timings.push(performance.now() - started);
        count(answer.status);
        expect(answer.status).toBe(400);
        expect(await answer.json()).toEqual({ error: "The request body is nested more than 16 levels deep." });
      }
    }
    expect((await fetch(`${app.origin}/readyz`)).status).toBe(200);
    recordFigures("nestedJson", {
      depth,
      bodyBytes: bodies.map((body) => Buffer.byteLength(body)),
      requests: timings.length,
      p50Ms: Math.round(percentile(timings, 50)),
      maxMs: Math.round(Math.max(...timings)),
    });
  });

  it("a package image that would leave the site is refused by the form and the API", async () => {
    const before = await services();
    for (const image of ["/\\evil.example/x.png", "/\t/evil.example/x.png", "//evil.example/x.png", "/\\/evil.example"]) {
      const form = await admin.postForm("/dashboard/addProduct", { ...product, image });
      count(form.status);
      expect(form.status, image).toBe(400);
      expect(await form.text()).toContain(IMAGE_MESSAGE);
      const api = await admin.json("POST", "/api/services", { ...product, cost: 150, image });
      count(api.status);
      expect(api.status, image).toBe(400);
      expect(await api.json()).toMatchObject({ details: { image: [IMAGE_MESSAGE] } });
    }
    expect(await services()).toBe(before);
  });

  it("a login's redirectTo that normalises into another host sends the person home", async () => {
    for (const redirectTo of ["/.//evil.example", "/..//evil.example/x", "/%2e//evil.example"]) {
      const client = new Client(app.origin);
      // The login page keeps redirectTo in its forms: never as a protocol-relative "//host".
      const page = await client.get(`/login?${new URLSearchParams({ redirectTo })}`);
      count(page.status);
      const kept = [...(await page.text()).matchAll(/name="redirectTo" value="([^"]*)"/g)].map((match) => match[1]);
      expect(kept.length).toBeGreaterThan(0);
      for (const value of kept) expect(value, redirectTo).toBe("");
      const answer = await client.postForm("/login", { email: TEST_ADMIN.email, password: TEST_ADMIN.password, redirectTo });
      count(answer.status);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/home");
    }
  });

  it("logged no error: every refusal was an answer, not a fault", () => {
    expect(app.output()).not.toMatch(/"level":"error"|"status":5\d\d|22021|Maximum call stack/);
    recordFigures("input", { statuses });
  });
});
