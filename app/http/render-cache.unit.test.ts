import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { cachedPage, rememberPage, renderCacheKey } from "~/http/render-cache.server";

const publicHeaders = () => new Headers({ "Cache-Control": "public, max-age=60, stale-while-revalidate=600" });
const context = (loaderData: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({ staticHandlerContext: { loaderData, actionData: null, errors: null, ...extra } }) as unknown as EntryContext;
const get = (path: string, method = "GET") => new Request(`http://localhost${path}`, { method });

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

  it("never keys a private page, an error, a non-200 answer, an action result or a POST", () => {
    expect(renderCacheKey(get("/"), 200, new Headers({ "Cache-Control": "private, no-store" }), context({}))).toBeNull();
    expect(renderCacheKey(get("/"), 200, new Headers(), context({}))).toBeNull();
    expect(renderCacheKey(get("/"), 404, publicHeaders(), context({}))).toBeNull();
    expect(renderCacheKey(get("/"), 200, publicHeaders(), context({}, { errors: { root: new Error("x") } }))).toBeNull();
    expect(renderCacheKey(get("/"), 200, publicHeaders(), context({}, { actionData: { ok: true } }))).toBeNull();
    expect(renderCacheKey(get("/", "POST"), 200, publicHeaders(), context({}))).toBeNull();
  });

  it("gives every response its own nonce", () => {
    rememberPage("page", '<script nonce="first-nonce">a</script><script nonce="first-nonce">b</script>', "first-nonce");
    expect(cachedPage("page", "second-nonce")).toBe(
      '<script nonce="second-nonce">a</script><script nonce="second-nonce">b</script>',
    );
    expect(cachedPage("page", "third-nonce")).not.toContain("second-nonce");
    expect(cachedPage("unknown", "n")).toBeNull();
  });

  it("keeps at most 200 pages, dropping the least recently used", () => {
    rememberPage("kept", "kept", "");
    for (let i = 0; i < 199; i++) rememberPage(`filler-${i}`, "x", "");
    expect(cachedPage("kept", "n")).toBe("kept");
    rememberPage("one-more", "x", "");
    expect(cachedPage("kept", "n")).toBe("kept");
    expect(cachedPage("filler-0", "n")).toBeNull();
  });
});
