import { describe, expect, it } from "vitest";
import { inRequestScope, requestMemo } from "~/platform/request-scope.server";

const request = (method = "GET", cookie = "__session=a") =>
  new Request("http://localhost/dashboard", { method, headers: { Cookie: cookie } });

describe("the per-request memo", () => {
  it("computes once per HTTP request, although Remix gives every loader its own Request object", () => {
    let loads = 0;
    const load = () => ++loads;
    inRequestScope(() => {
      expect(requestMemo(request(), "session", load)).toBe(1);
      expect(requestMemo(request(), "session", load)).toBe(1);
    });
    expect(loads).toBe(1);
  });

  it("never carries a value into the next request", () => {
    let loads = 0;
    const load = () => ++loads;
    expect(inRequestScope(() => requestMemo(request(), "session", load))).toBe(1);
    expect(inRequestScope(() => requestMemo(request(), "session", load))).toBe(2);
  });

  it("keeps an action's values apart from the loaders after it, and apart per cookie", () => {
    let loads = 0;
    const load = () => ++loads;
    inRequestScope(() => {
      expect(requestMemo(request("POST"), "session", load)).toBe(1);
      expect(requestMemo(request("GET"), "session", load)).toBe(2);
      expect(requestMemo(request("GET", "__session=b"), "session", load)).toBe(3);
      expect(requestMemo(request("GET"), "other", load)).toBe(4);
    });
  });

  it("outside a scope (loaders called directly), memoises per Request object", () => {
    let loads = 0;
    const load = () => ++loads;
    const one = request();
    expect(requestMemo(one, "session", load)).toBe(1);
    expect(requestMemo(one, "session", load)).toBe(1);
    expect(requestMemo(request(), "session", load)).toBe(2);
  });

  it("keeps concurrent requests apart", async () => {
    let loads = 0;
    const load = () => ++loads;
    const [a, b] = await Promise.all([
      inRequestScope(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return requestMemo(request(), "session", load);
      }),
      inRequestScope(async () => requestMemo(request(), "session", load)),
    ]);
    expect(new Set([a, b]).size).toBe(2);
  });
});
