// Security against the built server over real HTTP and in Chromium: headers on every kind of
// response, pages that run under the Content-Security-Policy without violations, forged
// cross-site requests refused before anything is written, hostile bodies answered with a 4xx,
// and stored text rendered escaped.
import { randomBytes } from "node:crypto";
import { expect, request as http, test, type APIRequestContext, type Page } from "@playwright/test";
import fc from "fast-check";
import { open } from "./helpers";

const ADMIN = { email: "admin@tourbooking.test", password: "admin12345" };
const EVIL = "https://evil.example";

/** What the tests read of an answer, kept after its request context is gone. */
interface Answer {
  status(): number;
  headers(): Record<string, string>;
  headersArray(): { name: string; value: string }[];
  text(): Promise<string>;
  json(): Promise<unknown>;
}

type Options = Parameters<APIRequestContext["fetch"]>[1];

/**
 * An HTTP client that sends only the cookies given by hand: each call runs in a request context
 * of its own, so no cookie set by an earlier answer rides along.
 */
function client(baseURL: string) {
  const send = async (url: string, options: Options = {}): Promise<Answer> => {
    const api = await http.newContext({ baseURL, maxRedirects: 0 });
    try {
      const response = await api.fetch(url, options);
      const body = (await response.body()).toString("utf8");
      const [status, headers, headersArray] = [response.status(), response.headers(), response.headersArray()];
      return {
        status: () => status,
        headers: () => headers,
        headersArray: () => headersArray,
        text: async () => body,
        json: async () => JSON.parse(body),
      };
    } finally {
      await api.dispose();
    }
  };
  return {
    fetch: send,
    get: (url: string, options: Options = {}) => send(url, { ...options, method: "GET" }),
    post: (url: string, options: Options = {}) => send(url, { ...options, method: "POST" }),
    delete: (url: string, options: Options = {}) => send(url, { ...options, method: "DELETE" }),
  };
}

function setCookies(response: Answer) {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);
}

/** Signs in through the login form (same origin) and returns the "__session=..." cookie. */
async function signIn(baseURL: string, email: string, password: string): Promise<string> {
  const api = client(baseURL);
  const response = await api.post("/login", { form: { email, password }, headers: { Origin: baseURL } });
  expect(response.status()).toBe(302);
  const session = setCookies(response).find((cookie) => cookie.startsWith("__session="));
  expect(session).toBeTruthy();
  return session!.split(";")[0];
}

async function registerCustomer(baseURL: string, displayName = "Security Tester") {
  const email = `security-${randomBytes(5).toString("hex")}@example.com`;
  const api = client(baseURL);
  const response = await api.post("/register", {
    form: { displayName, email, password: "travel-pass-1", confirmPassword: "travel-pass-1" },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(302);
  return { email, cookie: await signIn(baseURL, email, "travel-pass-1") };
}

test("every kind of response carries the security headers", async ({ baseURL }) => {
  const api = client(baseURL!);
  const customer = await registerCustomer(baseURL!);
  const asset = (await (await api.get("/")).text()).match(/\/build\/[^"]+\.js/)![0];
  const responses = {
    page: await api.get("/services"),
    api: await api.get("/api/services"),
    notFound: await api.get("/no/such/page"),
    errorPage: await api.post("/about", { form: { x: "1" }, headers: { Origin: baseURL! } }),
    apiError: await api.get("/api/services/unknown"),
    asset: await api.get(asset),
    publicFile: await api.get("/favicon.svg"),
    refused: await api.post("/contact", { form: { name: "x" }, headers: { Origin: EVIL } }),
    payment: await api.get("/dashboard/payment/unknownorder123", { headers: { Cookie: customer.cookie } }),
  };
  expect(responses.notFound.status()).toBe(404);
  expect(responses.errorPage.status()).toBe(405);
  expect(await responses.errorPage.text()).toContain("Something went wrong");
  expect(responses.refused.status()).toBe(403);
  const nonces = new Set<string>();
  for (const [name, response] of Object.entries(responses)) {
    const headers = response.headers();
    const csp = headers["content-security-policy"];
    expect(csp, name).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    for (const directive of [
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
      "form-action 'self' https://accounts.google.com",
    ]) {
      expect(csp, name).toContain(directive);
    }
    expect(csp.includes("js.stripe.com"), name).toBe(name === "payment");
    nonces.add(csp.match(/'nonce-([^']+)'/)![1]);
    expect(headers["x-content-type-options"], name).toBe("nosniff");
    expect(headers["referrer-policy"], name).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], name).toContain("camera=()");
    // the browser tests run the server with NODE_ENV=production
    expect(headers["strict-transport-security"], name).toBe("max-age=31536000; includeSubDomains");
  }
  expect(nonces.size).toBe(Object.keys(responses).length);
  const payment = responses.payment.headers()["content-security-policy"];
  expect(payment).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
  expect(payment).toContain("connect-src 'self' https://api.stripe.com");
  // the page's inline scripts carry this response's nonce
  const page = await api.get("/");
  const nonce = page.headers()["content-security-policy"].match(/'nonce-([^']+)'/)![1];
  const scripts = (await page.text()).match(/<script[^>]*>/g)!;
  expect(scripts.length).toBeGreaterThan(1);
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
});

/** Console messages about the Content-Security-Policy while the page lives. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

test("pages run under the Content-Security-Policy without violations", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const violations = watchViolations(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of ["/", "/services", "/about", "/contact", "/login", "/register"]) await open(page, path, javaScriptEnabled);
  // the 404 page (an error boundary: no hydration flag to wait for)
  expect((await page.goto("/no/such/page", { waitUntil: "load" }))?.status()).toBe(404);
  await open(page, "/services?q=Sundarbans", javaScriptEnabled);
  await page.getByRole("link", { name: /Order Now: Sundarbans Mangrove Cruise/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sundarbans Mangrove Cruise" })).toBeVisible();
  // signed in as the administrator: every dashboard page
  const [name, value] = (await signIn(baseURL!, ADMIN.email, ADMIN.password)).split("=");
  await context.addCookies([{ name, value, url: baseURL! }]);
  for (const path of [
    "/dashboard",
    "/dashboard/myOrder",
    "/dashboard/addReview",
    "/dashboard/manageAllOrders",
    "/dashboard/addProduct",
    "/dashboard/makeAdmin",
    "/dashboard/manageProducts",
  ]) {
    await open(page, path, javaScriptEnabled);
  }
  if (javaScriptEnabled) {
    // client-side navigation loads route modules from /build under script-src 'self'
    await page.getByRole("link", { name: "Manage All Orders" }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/manageAllOrders$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  if (javaScriptEnabled) {
    // and the policy is enforced: an injected inline script without the nonce does not run
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "document.documentElement.dataset.injected = 'ran'";
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await expect(page.locator("html[data-injected]")).toHaveCount(0);
  }
});

test("form-action lets 'Continue with Google' reach Google's consent page and nothing else", async ({
  page,
  javaScriptEnabled,
}) => {
  const violations = watchViolations(page);
  // Google is not configured on the test server: stand in for /auth/google's redirect and for Google.
  await page.route("**/auth/google", (route) =>
    route.fulfill({ status: 302, headers: { Location: "https://accounts.google.com/o/oauth2/v2/auth?client_id=test" } }),
  );
  await page.route("https://accounts.google.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<h1>Fake Google consent</h1>" }),
  );
  await page.route(`${EVIL}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<h1>Stolen</h1>" }));
  await open(page, "/login", javaScriptEnabled);
  const submitForm = (action: string) =>
    page.evaluate((target) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = target;
      document.body.append(form);
      form.submit();
    }, action);
  await submitForm("/auth/google");
  await expect(page).toHaveURL(/^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth/);
  await expect(page.getByRole("heading", { name: "Fake Google consent" })).toBeVisible();
  expect(violations).toEqual([]);
  // a form aimed at another site (say, injected markup) is blocked by form-action
  await open(page, "/login", javaScriptEnabled);
  await submitForm(`${EVIL}/steal`);
  await expect.poll(() => violations.join("\n")).toContain("form-action");
  expect(page.url()).not.toContain("evil.example");
});

test("forged cross-site requests are refused before anything is written; same-origin ones work", async ({ baseURL }) => {
  const api = client(baseURL!);
  const same = { Origin: baseURL! };
  const forged = { Origin: EVIL };
  const marker = randomBytes(4).toString("hex");

  // login CSRF: no session for anyone
  const customerPassword = "travel-pass-1";
  const customer = await registerCustomer(baseURL!);
  const forgedLogin = await api.post("/login", { form: { email: customer.email, password: customerPassword }, headers: forged });
  expect(forgedLogin.status()).toBe(403);
  expect(await forgedLogin.text()).toContain("Cross-site requests are not allowed.");
  expect(setCookies(forgedLogin)).toEqual([]);
  const realLogin = await api.post("/login", { form: { email: customer.email, password: customerPassword }, headers: same });
  expect(realLogin.status()).toBe(302);
  const sessionCookie = setCookies(realLogin).find((cookie) => cookie.startsWith("__session="))!;
  // production cookies: HttpOnly, SameSite=Lax, Secure
  expect(sessionCookie).toMatch(/HttpOnly/i);
  expect(sessionCookie).toMatch(/SameSite=Lax/i);
  expect(sessionCookie).toMatch(/Secure/i);

  // a signed-in customer's review
  const review = { review: `CSRF review ${marker}`, rating: "5" };
  const reviews = async () => (await (await api.get("/api/review")).text()).includes(review.review);
  const forgedReview = await api.post("/dashboard/addReview", { form: review, headers: { ...forged, Cookie: customer.cookie } });
  expect(forgedReview.status()).toBe(403);
  const refererOnly = await api.post("/dashboard/addReview", {
    form: review,
    headers: { Referer: `${EVIL}/page`, Cookie: customer.cookie },
  });
  expect(refererOnly.status()).toBe(403);
  expect(await reviews()).toBe(false);
  expect((await api.post("/dashboard/addReview", { form: review, headers: { ...same, Cookie: customer.cookie } })).status()).toBe(
    200,
  );
  expect(await reviews()).toBe(true);

  // the administrator's API and Make Admin
  const admin = await signIn(baseURL!, ADMIN.email, ADMIN.password);
  const product = { title: `CSRF tour ${marker}`, cost: 100, image: "/images/tours/x.svg", description: "Should not exist." };
  const listed = async () => (await (await api.get("/api/services")).text()).includes(product.title);
  const forgedApi = await api.post("/api/services", { data: product, headers: { ...forged, Cookie: admin } });
  expect(forgedApi.status()).toBe(403);
  expect(await forgedApi.json()).toEqual({ error: "Cross-site requests are not allowed." });
  expect((await api.delete("/api/services/whatever1234", { headers: { ...forged, Cookie: admin } })).status()).toBe(403);
  expect(await listed()).toBe(false);
  const forgedPromotion = await api.post("/dashboard/makeAdmin", {
    form: { email: customer.email },
    headers: { ...forged, Cookie: admin },
  });
  expect(forgedPromotion.status()).toBe(403);
  expect(await (await api.get(`/api/users/${customer.email}`)).json()).toEqual({ admin: false });
  expect((await api.post("/api/services", { data: product, headers: { ...same, Cookie: admin } })).status()).toBe(201);
  expect(await listed()).toBe(true);

  // a forged logout leaves the session alone
  expect((await api.post("/logout", { form: {}, headers: { ...forged, Cookie: customer.cookie } })).status()).toBe(403);
  expect((await api.get("/dashboard/myOrder", { headers: { Cookie: customer.cookie } })).status()).toBe(200);

  // no cookie, no form: the Stripe webhook is the route's business (its signature check), not ours
  const webhook = await api.post("/webhooks/stripe", { data: { type: "payment_intent.succeeded" }, headers: forged });
  expect(webhook.status()).not.toBe(403);
  expect(await webhook.text()).not.toContain("Cross-site requests are not allowed.");
});

test("hostile bodies on pages and the API get a 4xx over HTTP, never a 5xx", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const api = client(baseURL!);
  const customer = await registerCustomer(baseURL!);
  const admin = await signIn(baseURL!, ADMIN.email, ADMIN.password);
  const targets = [
    { path: "/login", cookie: null },
    { path: "/register", cookie: null },
    { path: "/contact", cookie: null },
    { path: "/newsletter", cookie: null },
    { path: "/addCart/100", cookie: customer.cookie },
    { path: "/dashboard/addReview", cookie: customer.cookie },
    { path: "/dashboard/myOrder", cookie: customer.cookie },
    { path: "/dashboard/addProduct", cookie: admin },
    { path: "/dashboard/makeAdmin", cookie: admin },
    { path: "/dashboard/manageProducts", cookie: admin },
    { path: "/api/services", cookie: admin },
    { path: "/api/review", cookie: customer.cookie },
    { path: "/api/my-orders", cookie: customer.cookie },
    { path: "/api/users/admin", cookie: admin },
  ];
  const body = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom(
      "{",
      "[]",
      "null",
      '{"review":',
      "a=1&a=2&%zz",
      "%00=%00",
      "\u0000",
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    ),
    fc.jsonValue().map((value) => JSON.stringify(value) ?? ""),
    fc.constant(`{"description":"${"a".repeat(150_000)}"}`),
  );
  const type = fc.constantFrom(
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
    "",
  );
  let inputs = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...targets),
      fc.constantFrom("POST", "PUT", "DELETE", "PATCH"),
      body,
      type,
      async (target, method, data, contentType) => {
        const headers: Record<string, string> = { Origin: baseURL! };
        if (target.cookie) headers.Cookie = target.cookie;
        if (contentType) headers["Content-Type"] = contentType;
        const response = await api.fetch(target.path, { method, headers, data: Buffer.from(data) });
        inputs += 1;
        const status = response.status();
        expect(status, `${method} ${target.path} ${contentType} ${data.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(status, `${method} ${target.path} ${contentType} ${data.slice(0, 80)}`).toBeLessThan(500);
        if (target.path.startsWith("/api/")) expect(response.headers()["content-type"]).toMatch(/application\/json/);
      },
    ),
    { numRuns: 80 },
  );
  console.log(`security.spec: ${inputs} hostile bodies over HTTP, no 5xx`);
  // an encoded U+0000 in a path id never reaches a database query
  for (const path of ["/dashboard/payment/a%00b", "/api/my-orders/a%00b", "/order/a%00b"]) {
    const response = await api.post(path, {
      form: { paymentIntentId: "pi_x" },
      headers: { Origin: baseURL!, Cookie: customer.cookie },
    });
    expect(response.status(), path).toBe(400);
  }
});

test("stored text is rendered escaped: reviews, names, package titles and descriptions", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  const marker = randomBytes(3).toString("hex");
  const payloads = {
    name: `<script>alert("name${marker}")</script>`,
    review: `"><img src=x onerror=alert('review${marker}')><script>alert(2)</script>`,
    title: `<script>alert("title${marker}")</script>`,
    description: `"><img src=x onerror=alert('desc${marker}')>`,
  };
  const customer = await registerCustomer(baseURL!, payloads.name);
  const admin = await signIn(baseURL!, ADMIN.email, ADMIN.password);
  const api = client(baseURL!);
  const same = { Origin: baseURL! };
  expect(
    (
      await api.post("/dashboard/addReview", {
        form: { review: payloads.review, rating: "4" },
        headers: { ...same, Cookie: customer.cookie },
      })
    ).status(),
  ).toBe(200);
  const added = await api.post("/api/services", {
    data: { title: payloads.title, cost: 10, image: "/images/tours/x.svg", description: payloads.description },
    headers: { ...same, Cookie: admin },
  });
  expect(added.status()).toBe(201);
  const { insertedId } = (await added.json()) as { insertedId: string };
  // a review shows the reviewer's display name too
  const pages = [
    { path: "/", cookie: null, shows: [payloads.review, payloads.title, payloads.name] },
    { path: `/services?q=${encodeURIComponent(payloads.title)}`, cookie: null, shows: [payloads.title] },
    { path: `/order/${insertedId}`, cookie: null, shows: [payloads.title, payloads.description] },
    {
      path: `/dashboard/manageProducts?q=${encodeURIComponent(payloads.title)}`,
      cookie: admin,
      shows: [payloads.title, payloads.description],
    },
    { path: "/dashboard/addReview", cookie: customer.cookie, shows: [payloads.name] },
  ];
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  for (const { path, cookie, shows } of pages) {
    const html = await (await api.get(path, { headers: cookie ? { Cookie: cookie } : {} })).text();
    for (const raw of Object.values(payloads)) expect(html, path).not.toContain(raw);
    expect(html, path).not.toMatch(/<img src=x|<script>alert/);
    // React escapes &, < and > in text (quotes too, inside attributes)
    for (const text of shows)
      expect(html, `${path} shows ${text}`).toContain(escape(text).replace(/"/g, "&quot;").replace(/'/g, "&#x27;").slice(0, 25));
  }
  // and in the browser nothing runs
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const [name, value] = admin.split("=");
  await context.addCookies([{ name, value, url: baseURL! }]);
  for (const path of ["/", `/order/${insertedId}`, "/dashboard/manageProducts"]) {
    await open(page, path, javaScriptEnabled);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  }
  await expect(page.getByText(payloads.title).first()).toBeVisible();
  expect(dialogs).toEqual([]);
});
