import { describe, expect, it } from "vitest";
import { inboxFilter, messageActionSchema, replyHref } from "~/backoffice/inbox";

describe("inbox", () => {
  it("opens on the unhandled messages", () => {
    expect(inboxFilter(new URLSearchParams())).toBe("unhandled");
    expect(inboxFilter(new URLSearchParams("state=all"))).toBe("all");
    expect(inboxFilter(new URLSearchParams("state=nonsense"))).toBe("unhandled");
  });
  it("answers by email with the subject", () => {
    expect(replyHref({ email: "ann@example.com", subject: "Sajek & more?" })).toBe(
      "mailto:ann@example.com?subject=Re%3A%20Sajek%20%26%20more%3F",
    );
    expect(replyHref({ email: "ann@example.com", subject: "" })).toContain("subject=Re%3A%20your%20message");
  });
  it("knows its two actions", () => {
    expect(messageActionSchema.safeParse({ id: "m1", intent: "handled" }).success).toBe(true);
    expect(messageActionSchema.safeParse({ id: "m1", intent: "delete" }).success).toBe(false);
  });
});
