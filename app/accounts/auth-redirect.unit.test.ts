import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestPath, safeRedirect } from "~/accounts/auth-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/dashboard")).toBe("/dashboard");
    expect(safeRedirect("/order/abc?quantity=2#top")).toBe("/order/abc?quantity=2#top");
    expect(safeRedirect("/", "/home")).toBe("/");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "javascript:alert(1)",
    "evil.example",
    "",
    " /dashboard",
    "/login",
    "/register?redirectTo=/x",
    "/logout",
    // normalised by the URL parser into "//evil.example", another host
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/.%2e//evil.example",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to, "/home")).toBe("/home");
  });

  it("refuses non-strings", () => {
    expect(safeRedirect(null)).toBe("/home");
    expect(safeRedirect(undefined, "/")).toBe("/");
  });
});

// Characters that make URL tricks: slashes, dots, escapes, controls the browser strips, and letters.
const trickyPath = fc
  .array(
    fc.constantFrom(
      "/",
      "\\",
      ".",
      "..",
      "%2e",
      "%2f",
      "%5c",
      "%00",
      "\t",
      "\n",
      "\r",
      " ",
      ":",
      "@",
      "?",
      "#",
      "evil.example",
      "a",
      "login",
      "http:",
      "é",
      "\u0000",
    ),
    {
      maxLength: 12,
    },
  )
  .map((parts) => parts.join(""));
// The same, from few characters, so that sequences such as "/.//" come up often.
const densePath = fc
  .array(fc.constantFrom("/", "\\", ".", "..", "%2e", "\t", "evil.example"), { maxLength: 8 })
  .map((parts) => parts.join(""));
const anyInput = fc.oneof(
  { weight: 4, arbitrary: densePath },
  { weight: 4, arbitrary: trickyPath },
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.webUrl(),
  fc.webPath(),
);
const SITE = "http://site.example";

describe("safeRedirect properties (fast-check)", () => {
  it("is idempotent: a second pass changes nothing", () => {
    fc.assert(
      fc.property(anyInput, (to) => {
        expect(safeRedirect(safeRedirect(to))).toBe(safeRedirect(to));
      }),
      { numRuns: 5000 },
    );
  });

  it("always gives a path on this site, as a browser resolves it", () => {
    fc.assert(
      fc.property(anyInput, (to) => {
        const path = safeRedirect(to);
        expect(path).toMatch(/^\/(?![/\\])/);
        // eslint-disable-next-line no-control-regex
        expect(path).not.toMatch(/[\\\u0000-\u001f\u007f]/);
        expect(new URL(path, SITE).origin).toBe(SITE);
        expect(new URL(path, "https://other.example/some/page").origin).toBe("https://other.example");
      }),
      { numRuns: 5000 },
    );
  });
});

describe("requestPath", () => {
  it("gives the path and query without Remix's data-request parts", () => {
    expect(requestPath(new Request("http://x.test/dashboard/makeAdmin?tab=1"))).toBe("/dashboard/makeAdmin?tab=1");
    expect(requestPath(new Request("http://x.test/dashboard.data?_routes=routes%2Fdashboard"))).toBe("/dashboard");
    expect(requestPath(new Request("http://x.test/_root.data"))).toBe("/");
  });
});
