import { describe, expect, it } from "vitest";
import { clientAddress, formLimit, loginLimit } from "~/rate-limit.server";

describe("rate-limit configuration", () => {
  it("reads the limits from the environment defaults", () => {
    expect(loginLimit()).toEqual({ max: 5, windowMs: 15 * 60_000 });
    expect(formLimit()).toEqual({ max: 20, windowMs: 60 * 60_000 });
  });

  it("takes the client address from the load context, and ignores X-Forwarded-For without TRUST_PROXY", () => {
    const request = new Request("http://x.test/login", { headers: { "X-Forwarded-For": "6.6.6.6" } });
    expect(clientAddress(request, { clientAddress: "192.0.2.1" })).toBe("192.0.2.1");
    expect(clientAddress(request, {})).toBeNull();
  });
});
