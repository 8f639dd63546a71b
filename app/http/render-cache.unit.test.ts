import { PGlite } from "@electric-sql/pglite";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  cachedPage,
  PERSONAL_BOUND,
  PUBLIC_BOUND,
  rememberPage,
  rememberVisitorPage,
  renderCacheKey,
  renderCacheSize,
  VISITOR_PAGE_MS,
  visitorPages,
} from "~/http/render-cache.server";
import { watchWrites } from "~/platform/read-cache.server";

const publicHeaders = () => new Headers({ "Cache-Control": "public, max-age=60, stale-while-revalidate=600" });
const personalHeaders = () => new Headers({ "Cache-Control": "private, no-store" });
const context = (loaderData: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({ staticHandlerContext: { loaderData, actionData: null, errors: null, ...extra } }) as unknown as EntryContext;
const get = (path: string, method = "GET") => new Request(`http://localhost${path}`, { method });

/** The cached page as text, or null. */
const page = (key: string, nonce: string) => cachedPage(key, nonce)?.toString("utf8") ?? null;

describe("the render cache", () => {
  it("keys a public page by its URL and loader data", () => {
    const key = renderCacheKey(get("/services"), 200, publicHeaders(), context({ root: { user: null } }));
    expect(key).toBeTruthy();
    expect(renderCacheKey(get("/services"), 200, publicHeaders(), context({ root: { user: null } }))).toBe(key);
    expect(renderCacheKey(get("/services?x=1"), 200, publicHeaders(), context({ root: { user: null } }))).not.toBe(key);
    expect(renderCacheKey(get("/services"), 200, publicHeaders(), context({ root: { user: null }, services: [1] }))).not.toBe(
      key,
    );
  });

  it("keys a personal page by its user's loader data, apart from public pages", () => {
    const alice = renderCacheKey(get("/dashboard"), 200, personalHeaders(), context({ root: { user: { email: "a@x.test" } } }));
    const bob = renderCacheKey(get("/dashboard"), 200, personalHeaders(), context({ root: { user: { email: "b@x.test" } } }));
    const anonymous = renderCacheKey(get("/dashboard"), 200, publicHeaders(), context({ root: { user: { email: "a@x.test" } } }));
    expect(alice).toMatch(/^personal:/);
    expect(bob).not.toBe(alice);
    expect(anonymous).toMatch(/^public:/);
    expect(anonymous).not.toBe(alice);
  });

  it("never keys a page without Cache-Control, an error, a non-200 answer, an action result or a POST", () => {
    expect(renderCacheKey(get("/"), 200, new Headers(), context({}))).toBeNull();
    expect(renderCacheKey(get("/"), 404, publicHeaders(), context({}))).toBeNull();
    expect(renderCacheKey(get("/"), 200, publicHeaders(), context({}, { errors: { root: new Error("x") } }))).toBeNull();
    expect(renderCacheKey(get("/"), 200, publicHeaders(), context({}, { actionData: { ok: true } }))).toBeNull();
    expect(renderCacheKey(get("/", "POST"), 200, publicHeaders(), context({}))).toBeNull();
  });

  it("gives every response its own nonce", () => {
    rememberPage(
      "page",
      Buffer.from('<script nonce="first-nonce">a</script><script nonce="first-nonce">b</script>'),
      "first-nonce",
    );
    expect(page("page", "second-nonce")).toBe('<script nonce="second-nonce">a</script><script nonce="second-nonce">b</script>');
    expect(page("page", "third-nonce")).not.toContain("second-nonce");
    expect(page("unknown", "n")).toBeNull();
    // Bytes, cut at the nonce: text around it in any script stays whole.
    rememberPage("taka", Buffer.from('৳ 3,000 <script nonce="n1">বাংলা</script>'), "n1");
    expect(page("taka", "n2")).toBe('৳ 3,000 <script nonce="n2">বাংলা</script>');
  });

  it("keeps at most 200 public pages, dropping the least recently used", () => {
    rememberPage("public:kept", Buffer.from("kept"), "");
    for (let i = 0; i < 199; i++) rememberPage(`public:filler-${i}`, Buffer.from("x"), "");
    expect(page("public:kept", "n")).toBe("kept");
    rememberPage("public:one-more", Buffer.from("x"), "");
    expect(page("public:kept", "n")).toBe("kept");
    expect(page("public:filler-0", "n")).toBeNull();
    expect(renderCacheSize().public.entries).toBe(PUBLIC_BOUND.entries);
  });

  it("bounds the bytes held, and personal pages never push public ones out", () => {
    rememberPage("public:home", Buffer.from("home"), "");
    const big = "x".repeat(Math.floor(PERSONAL_BOUND.bytes / 4));
    for (let i = 0; i < 10; i++) rememberPage(`personal:user-${i}`, Buffer.from(big), "");
    expect(renderCacheSize().personal.bytes).toBeLessThanOrEqual(PERSONAL_BOUND.bytes);
    expect(renderCacheSize().personal.entries).toBe(4);
    expect(page("personal:user-0", "n")).toBeNull();
    expect(page("personal:user-9", "n")).toBe(big);
    expect(page("public:home", "n")).toBe("home");
    // A page larger than the whole bound is not kept at all.
    rememberPage("personal:huge", Buffer.from("x".repeat(PERSONAL_BOUND.bytes + 1)), "");
    expect(page("personal:huge", "n")).toBeNull();
    expect(page("personal:user-9", "n")).toBe(big);
  });
});

describe("visitor pages answered before Remix", () => {
  // The read cache on an embedded database of its own: its writes change the generation.
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = new PGlite();
    watchWrites(pglite);
    await pglite.exec("CREATE TABLE item (id serial PRIMARY KEY)");
  });
  afterAll(() => pglite.close());

  /** A request through the middleware: what it answered, or that it passed the request on. */
  function visit(
    url: string,
    { cookie, method = "GET", nonce = "nonce-1" }: { cookie?: string; method?: string; nonce?: string } = {},
  ) {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const sent: Record<string, string | number> = {};
    const res = {
      locals: { cspNonce: nonce } as Record<string, unknown>,
      statusCode: 0,
      setHeader: (name: string, value: string | number) => (sent[name.toLowerCase()] = value),
      end: vi.fn(),
    };
    const next = vi.fn();
    visitorPages()({ method, url, originalUrl: url, headers } as never, res as never, next);
    const body = res.end.mock.calls[0]?.[0] as Buffer | undefined;
    return {
      answered: body?.toString("utf8") ?? null,
      headers: sent,
      passedOn: next.mock.calls.length === 1,
      context: res.locals as AppLoadContext,
    };
  }

  /** Renders `url` as Remix would: the middleware passes it on, the entry keeps the page. */
  function render(url: string, html: string, headers = publicHeaders()) {
    const first = visit(url);
    expect(first.passedOn).toBe(true);
    const key = renderCacheKey(get(url), 200, headers, context({ root: { user: null }, html }))!;
    rememberPage(key, Buffer.from(html.replaceAll("NONCE", "nonce-1")), "nonce-1");
    rememberVisitorPage(key, headers, first.context);
  }

  it("answers a visitor's page again, with its headers and this response's nonce, until a write", async () => {
    render("/services?page=2", '<script nonce="NONCE">hello</script>');
    const again = visit("/services?page=2", { nonce: "nonce-2" });
    expect(again.passedOn).toBe(false);
    expect(again.answered).toBe('<script nonce="nonce-2">hello</script>');
    expect(again.headers["cache-control"]).toMatch(/^public/);
    expect(again.headers["content-length"]).toBe(Buffer.byteLength(again.answered!));
    // Another query, a cookie, a HEAD: rendered by Remix.
    expect(visit("/services?page=3").passedOn).toBe(true);
    expect(visit("/services?page=2", { cookie: "__session=abc" }).passedOn).toBe(true);
    expect(visit("/services?page=2", { method: "HEAD" }).passedOn).toBe(true);

    await pglite.query("INSERT INTO item DEFAULT VALUES");
    expect(visit("/services?page=2").passedOn).toBe(true);
  });

  it(`answers it for ${VISITOR_PAGE_MS} ms at most`, () => {
    render("/", "<p>home</p>");
    expect(visit("/").answered).toBe("<p>home</p>");
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + VISITOR_PAGE_MS + 1);
    try {
      expect(visit("/").passedOn).toBe(true);
    } finally {
      clock.mockRestore();
    }
  });

  it("never keeps a page that sets a cookie or is personal", () => {
    render("/with-cookie", "<p>cookie</p>", new Headers({ "Cache-Control": "public, max-age=60", "Set-Cookie": "a=b" }));
    expect(visit("/with-cookie").passedOn).toBe(true);
    render("/personal", "<p>mine</p>", personalHeaders());
    expect(visit("/personal").passedOn).toBe(true);
  });
});
