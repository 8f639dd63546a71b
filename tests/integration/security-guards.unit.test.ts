// The Express middleware of server/start.mjs in front of a recording handler, over real HTTP:
// security headers with a fresh CSP nonce, the cross-site request guard (with and without a
// trusted proxy), the form body guard and the host guard. tests/e2e/security.spec.ts checks the same against the
// whole built app.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
// The adapter's own function (not re-exported by its index).
import { createRemixRequest } from "@remix-run/express/dist/server.js";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crossSiteGuard, formBodyGuard, hostGuard, MAX_FORM_BYTES, pathGuard } from "../../server/request-guards.mjs";
import { securityHeaders } from "../../server/security-headers.mjs";

interface Server {
  url: string;
  reached: string[];
  close: () => Promise<void>;
}

async function startServer({ trustProxy = 0, production = true, cardPayments = true } = {}): Promise<Server> {
  const reached: string[] = [];
  const app = express();
  if (trustProxy > 0) app.set("trust proxy", trustProxy);
  app.use(securityHeaders({ production, cardPayments }));
  app.use(crossSiteGuard());
  app.use(formBodyGuard({ maxUploadBytes: UPLOAD_BYTES }));
  app.use(pathGuard());
  app.all("*", (req, res) => {
    reached.push(`${req.method} ${req.path}`);
    res.json({ nonce: res.locals.cspNonce });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reached,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const FORM = "application/x-www-form-urlencoded";
const UPLOAD_BYTES = 2 * 1024 * 1024;
const EVIL = "https://evil.example";

let direct: Server;
let proxied: Server;
let development: Server;
let noCardPayments: Server;

beforeAll(async () => {
  [direct, proxied, development, noCardPayments] = await Promise.all([
    startServer(),
    startServer({ trustProxy: 1 }),
    startServer({ production: false }),
    startServer({ cardPayments: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct.close(), proxied.close(), development.close(), noCardPayments.close()]);
});

function post(server: Server, path: string, headers: Record<string, string>, body = "a=1") {
  return fetch(server.url + path, { method: "POST", headers, body, redirect: "manual" });
}

describe("security headers", () => {
  it("sets a CSP with a fresh nonce per response, passed to the app, and the other headers", async () => {
    const first = await fetch(`${direct.url}/services`);
    const second = await fetch(`${direct.url}/services`);
    const csp = first.headers.get("Content-Security-Policy")!;
    const { nonce } = (await first.json()) as { nonce: string };
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}';`);
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
    for (const directive of [
      "default-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
      "form-action 'self' https://accounts.google.com",
      // https: for package pictures given as URLs (the spec); no data: (nothing needs it).
      "img-src 'self' https:;",
      "frame-src 'none'",
      "connect-src 'self';",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("stripe");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(first.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("Permissions-Policy")).toContain("camera=()");
    expect(first.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("allows the camera on the check-in page only (scanning vouchers)", async () => {
    const policy = async (path: string) => (await fetch(`${direct.url}${path}`)).headers.get("Permissions-Policy")!;
    expect(await policy("/dashboard/departures/abc123/check-in")).toContain("camera=(self)");
    for (const path of ["/dashboard/departures/abc123", "/dashboard/departures/abc123/check-in/x", "/dashboard/payment/abc123"]) {
      expect(await policy(path), path).toContain("camera=()");
    }
  });

  it("allows Stripe.js and its frames on the payment page only", async () => {
    const payment = (await fetch(`${direct.url}/dashboard/payment/abc123`)).headers.get("Content-Security-Policy")!;
    expect(payment).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/js\.stripe\.com;/);
    expect(payment).toContain("frame-src https://js.stripe.com https://hooks.stripe.com;");
    expect(payment).toContain("connect-src 'self' https://api.stripe.com;");
    const lookalike = (await fetch(`${direct.url}/dashboard/paymentX`)).headers.get("Content-Security-Policy")!;
    expect(lookalike).not.toContain("stripe");
  });

  it("allows nothing from Stripe when card payments are not configured", async () => {
    const payment = (await fetch(`${noCardPayments.url}/dashboard/payment/abc123`)).headers.get("Content-Security-Policy")!;
    expect(payment).toContain("frame-src 'none'");
    expect(payment).not.toContain("stripe");
  });

  it("sends HSTS in production only", async () => {
    expect((await fetch(`${development.url}/`)).headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("cross-site request guard", () => {
  it("refuses a signed-in write from another site with a page, or JSON on /api, before the app", async () => {
    const before = direct.reached.length;
    const page = await post(direct, "/dashboard/addReview", { Origin: EVIL, Cookie: "__session=x", "Content-Type": FORM });
    expect(page.status).toBe(403);
    expect(page.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("Cross-site requests are not allowed.");
    expect(page.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
    const api = await post(
      direct,
      "/api/services",
      { Origin: EVIL, Cookie: "__session=x", "Content-Type": "application/json" },
      "{}",
    );
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "Cross-site requests are not allowed." });
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${direct.url}/api/my-orders/x`, { method, headers: { Origin: EVIL, Cookie: "__session=x" } });
      expect(response.status).toBe(403);
    }
    expect(direct.reached.length).toBe(before);
  });

  it("lets a payment gateway post its return and IPN from its own site (they read no session), and nothing else under /payments", async () => {
    const before = direct.reached.length;
    const gateway = { Origin: "https://sandbox.sslcommerz.com", "Content-Type": FORM };
    expect((await post(direct, "/payments/sslcommerz/return?outcome=success", gateway, "tran_id=x")).status).toBe(200);
    expect((await post(direct, "/payments/sslcommerz/ipn", gateway, "tran_id=x")).status).toBe(200);
    expect(direct.reached.slice(before)).toEqual(["POST /payments/sslcommerz/return", "POST /payments/sslcommerz/ipn"]);
    expect((await post(direct, "/payments/sslcommerz/return/x", gateway)).status).toBe(403);
    expect((await post(direct, "/payments", gateway)).status).toBe(403);
  });

  it("refuses a cross-site form post without cookies (forged login or contact message)", async () => {
    const before = direct.reached.length;
    for (const type of [FORM, "multipart/form-data; boundary=x", "text/plain"]) {
      expect((await post(direct, "/login", { Origin: EVIL, "Content-Type": type })).status).toBe(403);
    }
    expect((await post(direct, "/contact", { Origin: "null", "Content-Type": FORM })).status).toBe(403);
    expect(direct.reached.length).toBe(before);
  });

  it("uses the Referer when there is no Origin", async () => {
    expect((await post(direct, "/logout", { Referer: `${EVIL}/page`, Cookie: "__session=x", "Content-Type": FORM })).status).toBe(
      403,
    );
    expect((await post(direct, "/logout", { Referer: "not a url", Cookie: "__session=x", "Content-Type": FORM })).status).toBe(
      403,
    );
    const same = await post(direct, "/logout", {
      Referer: `${direct.url}/dashboard`,
      Cookie: "__session=x",
      "Content-Type": FORM,
    });
    expect(same.status).toBe(200);
  });

  it("lets same-origin writes, reads and requests without cookies or form bodies through", async () => {
    const before = direct.reached.length;
    expect((await post(direct, "/login", { Origin: direct.url, Cookie: "__session=x", "Content-Type": FORM })).status).toBe(200);
    // a browser that says nothing (older clients), the Stripe webhook, an API call with a bearer token
    expect((await post(direct, "/login", { Cookie: "__session=x", "Content-Type": FORM })).status).toBe(200);
    expect((await post(direct, "/webhooks/stripe", { "Content-Type": "application/json" }, "{}")).status).toBe(200);
    const bearer = await post(
      direct,
      "/api/my-orders",
      { Origin: EVIL, Authorization: "Bearer t", "Content-Type": "application/json" },
      "{}",
    );
    expect(bearer.status).toBe(200);
    expect((await fetch(`${direct.url}/dashboard`, { headers: { Origin: EVIL, Cookie: "__session=x" } })).status).toBe(200);
    expect(direct.reached.length).toBe(before + 5);
  });

  it("believes X-Forwarded-Proto/Host only from a trusted proxy (TRUST_PROXY)", async () => {
    const forwarded = {
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": "tours.example",
      Cookie: "__session=x",
      "Content-Type": FORM,
    };
    // behind the trusted proxy the site is https://tours.example
    expect((await post(proxied, "/dashboard/addReview", { ...forwarded, Origin: "https://tours.example" })).status).toBe(200);
    expect((await post(proxied, "/dashboard/addReview", { ...forwarded, Origin: proxied.url })).status).toBe(403);
    // without TRUST_PROXY a client cannot claim to be another origin
    expect((await post(direct, "/dashboard/addReview", { ...forwarded, Origin: "https://tours.example" })).status).toBe(403);
    expect(
      (await post(direct, "/dashboard/addReview", { ...forwarded, "X-Forwarded-Host": "evil.example", Origin: EVIL })).status,
    ).toBe(403);
  });
});

describe("form body guard", () => {
  const same = (headers: Record<string, string>) => ({ Origin: direct.url, ...headers });

  it("refuses page posts that are not URL-encoded forms, too large or without a length", async () => {
    const before = direct.reached.length;
    const json = await post(direct, "/contact", same({ "Content-Type": "application/json" }), '{"name":');
    expect(json.status).toBe(415);
    expect(json.headers.get("Content-Type")).toMatch(/text\/html/);
    expect((await post(direct, "/contact", same({ "Content-Type": "multipart/form-data; boundary=zz" }), "--zz")).status).toBe(
      415,
    );
    expect((await fetch(`${direct.url}/logout`, { method: "POST", headers: same({}) })).status).toBe(415);
    expect((await post(direct, "/contact", same({ "Content-Type": FORM }), `message=${"a".repeat(MAX_FORM_BYTES)}`)).status).toBe(
      413,
    );
    const chunked = await fetch(`${direct.url}/contact`, {
      method: "POST",
      headers: same({ "Content-Type": FORM }),
      body: new Blob(["a=1"]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
    expect(direct.reached.length).toBe(before);
  });

  it("takes multipart forms only on the photo upload pages, up to their own bound", async () => {
    const multipart = same({ "Content-Type": "multipart/form-data; boundary=zz" });
    const before = direct.reached.length;
    expect((await post(direct, "/dashboard/addProduct", multipart, "--zz--")).status).toBe(200);
    expect((await post(direct, "/dashboard/addProduct.data", multipart, "--zz--")).status).toBe(200);
    expect((await post(direct, "/dashboard/editProduct/abc", multipart, "--zz--")).status).toBe(200);
    expect((await post(direct, "/dashboard/editProduct/abc.data", multipart, "--zz--")).status).toBe(200);
    expect((await post(direct, "/dashboard/profile", multipart, "--zz--")).status).toBe(200);
    expect((await post(direct, "/dashboard/profile.data", multipart, "--zz--")).status).toBe(200);
    expect(direct.reached.length).toBe(before + 6);
    // Larger than a URL-encoded form may be, within the upload bound.
    expect((await post(direct, "/dashboard/addProduct", multipart, "a".repeat(MAX_FORM_BYTES * 2))).status).toBe(200);
    const tooLarge = await post(direct, "/dashboard/addProduct", multipart, "a".repeat(UPLOAD_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("The form is too large (at most 2 MB with its photos).");
    for (const path of ["/dashboard/addProductX", "/dashboard/editProduct/a/b", "/dashboard/addReview", "/dashboard/profileX"]) {
      expect((await post(direct, path, multipart, "--zz--")).status).toBe(415);
    }
    expect(direct.reached.length).toBe(before + 7);
  });

  it("leaves /api and the webhook to read their own JSON", async () => {
    expect((await post(direct, "/api/review", same({ "Content-Type": "application/json" }), "{}")).status).toBe(200);
    expect((await post(direct, "/webhooks/stripe", { "Content-Type": "application/json" }, "{}")).status).toBe(200);
    expect((await post(direct, "/contact", same({ "Content-Type": `${FORM}; charset=UTF-8` }), "name=x")).status).toBe(200);
  });
});

describe("path guard", () => {
  it("refuses an encoded U+0000 in the path, JSON on /api, and leaves queries and other paths alone", async () => {
    const before = direct.reached.length;
    const page = await fetch(`${direct.url}/dashboard/payment/a%00b`);
    expect(page.status).toBe(400);
    expect(page.headers.get("Content-Type")).toMatch(/text\/html/);
    const api = await fetch(`${direct.url}/api/services/%00`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: "This address is not valid." });
    expect(direct.reached.length).toBe(before);
    expect((await fetch(`${direct.url}/order/abc?q=%00`)).status).toBe(200);
    expect((await fetch(`${direct.url}/order/a%20b`)).status).toBe(200);
  });
});

describe("host guard", () => {
  // Behind it, the request URL exactly as Remix's Express adapter builds it for the app.
  async function startHostServer(trustProxy: number): Promise<Server & { port: number }> {
    const app = express();
    if (trustProxy > 0) app.set("trust proxy", trustProxy);
    app.use(hostGuard());
    app.all("*", (req, res) => void res.json({ url: createRemixRequest(req, res).url }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      reached: [],
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  /** A GET with exactly these headers (fetch would not send a Host of our choosing). */
  function rawGet(port: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        { host: "127.0.0.1", port, path: "/healthz", headers, setHost: !("Host" in headers) },
        (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, body }));
        },
      );
      request.on("error", reject);
      request.end();
    });
  }

  const MALFORMED = ["bad host/<x>", "[::1", "exa mple.com", "%", "a@b", ":99999", "a:b:c", "example.com:70000", "ht<tp"];

  it("never lets a malformed X-Forwarded-Host or -Proto make a 500, trusted or not, and counts well-formed ones only from a trusted proxy", async () => {
    const [untrusted, trusted] = await Promise.all([startHostServer(0), startHostServer(1)]);
    try {
      for (const server of [untrusted, trusted]) {
        const malformed = [
          ...[...MALFORMED, ""].map((value) => ["X-Forwarded-Host", value]),
          ...["bad proto", "javascript", "ht<tp", "https:", "", "https, ftp"].map((value) => ["X-Forwarded-Proto", value]),
        ];
        for (const [name, value] of malformed) {
          const answer = await rawGet(server.port, { Host: "localhost:3000", [name]: value });
          expect(answer.status, `${name}: ${value}`).toBe(200);
          expect(JSON.parse(answer.body).url).toBe("http://localhost:3000/healthz");
        }
      }
      const forwarded = { Host: "10.0.0.5", "X-Forwarded-Host": "tours.example.com", "X-Forwarded-Proto": "https" };
      expect(JSON.parse((await rawGet(trusted.port, forwarded)).body).url).toBe("https://tours.example.com/healthz");
      expect(JSON.parse((await rawGet(untrusted.port, forwarded)).body).url).toBe("http://10.0.0.5/healthz");
    } finally {
      await Promise.all([untrusted.close(), trusted.close()]);
    }
  });

  it("refuses a malformed Host with 400", async () => {
    const server = await startHostServer(0);
    try {
      for (const host of MALFORMED) expect((await rawGet(server.port, { Host: host })).status, host).toBe(400);
      for (const host of ["localhost", "127.0.0.1:3000", "[::1]:3000", "tours.example.com.", "app_1:3000"]) {
        expect((await rawGet(server.port, { Host: host })).status, host).toBe(200);
      }
    } finally {
      await server.close();
    }
  });
});
