import { afterEach, describe, expect, it, vi } from "vitest";
import { errorMessage, logError, logPath } from "~/http/log.server";
import { logger } from "~/platform/logger.server";

describe("errorMessage", () => {
  it("says what was thrown, never [object Object]", () => {
    expect(errorMessage(new TypeError("bad input"))).toBe("bad input");
    expect(errorMessage("plain text")).toBe("plain text");
    expect(errorMessage({ status: 405, statusText: "Method Not Allowed" })).toBe(
      '{"status":405,"statusText":"Method Not Allowed"}',
    );
    expect(errorMessage(new Response(null, { status: 500, statusText: "Internal Server Error" }))).toBe(
      "500 Internal Server Error",
    );
  });
});

describe("logError", () => {
  afterEach(() => vi.restoreAllMocks());

  it("an error line with the message, the request's id, method and path (no query) and the stack", () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const request = new Request("http://localhost/order/1?token=secret", { headers: { "X-Request-Id": "req-1" } });
    logError(new Error("query failed"), request);
    const [fields, message] = logged.mock.calls[0] as unknown as [Record<string, string>, string];
    expect(message).toBe("query failed");
    expect(fields).toMatchObject({ requestId: "req-1", method: "GET", path: "/order/1" });
    expect(fields.stack).toContain("query failed");
    expect(JSON.stringify(fields)).not.toContain("secret");
  });
});

describe("logPath", () => {
  const token = "Zq3_x-9KfLp2Vw8RtYb4NcHs6JdMe1Ao7GuIiKkQmP0";

  it.each([
    [`/reset-password/${token}`, "/reset-password/[redacted]"],
    [`/reset-password/${token}/`, "/reset-password/[redacted]"],
    [`/reset-password/${token}.data`, "/reset-password/[redacted]"],
    [`/newsletter/confirm/${token}`, "/newsletter/confirm/[redacted]"],
    [`/newsletter/unsubscribe/${token}`, "/newsletter/unsubscribe/[redacted]"],
    [`/api/newsletter/confirm/${token}`, "/api/newsletter/confirm/[redacted]"],
    [`/Newsletter/Unsubscribe/${token}`, "/Newsletter/Unsubscribe/[redacted]"],
    [`//reset-password//${token}`, "//reset-password/[redacted]"],
    [`/reset-password%2F${token}`, "/reset-password/[redacted]"],
    [`/newsletter%2Fconfirm%2F${token}`, "/newsletter/confirm/[redacted]"],
  ])("redacts the token of %s", (path, logged) => {
    expect(logPath(path)).toBe(logged);
  });

  it("drops the query, where tokens, codes and states travel", () => {
    expect(logPath(`/reset-password?token=${token}`)).toBe("/reset-password");
    expect(logPath(`/auth/google/callback?code=${token}&state=${token}`)).toBe("/auth/google/callback");
    expect(logPath(`/api/anything?token=${token}`)).toBe("/api/anything");
  });

  it("keeps every other path as it is", () => {
    for (const path of ["/", "/reset-password", "/newsletter", "/order/cmwt593em00005j7d7cv8lwts", "/dashboard/orders/abc"]) {
      expect(logPath(path)).toBe(path);
    }
  });

  it("is what the error lines carry", () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    logError(new Error("failed"), new Request(`http://localhost/newsletter/confirm/${token}`));
    expect(JSON.stringify(logged.mock.calls[0])).not.toContain(token);
    expect(logged.mock.calls[0][0]).toMatchObject({ path: "/newsletter/confirm/[redacted]" });
    vi.restoreAllMocks();
  });
});
