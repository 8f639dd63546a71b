import { describe, expect, it } from "vitest";
import { requestPath, safeRedirect } from "~/auth-redirect";

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
  ])("refuses %j", (to) => {
    expect(safeRedirect(to, "/home")).toBe("/home");
  });

  it("refuses non-strings", () => {
    expect(safeRedirect(null)).toBe("/home");
    expect(safeRedirect(undefined, "/")).toBe("/");
  });
});

describe("requestPath", () => {
  it("gives the path and query without Remix's data-request parts", () => {
    expect(requestPath(new Request("http://x.test/dashboard/makeAdmin?tab=1"))).toBe("/dashboard/makeAdmin?tab=1");
    expect(requestPath(new Request("http://x.test/dashboard.data?_routes=routes%2Fdashboard"))).toBe("/dashboard");
    expect(requestPath(new Request("http://x.test/_root.data"))).toBe("/");
  });
});
