import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/config/logger.server";
import { errorMessage, logError } from "~/http/log.server";

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
