import { describe, expect, it } from "vitest";
import { clientAddress } from "~/platform/client-address.server";
import { db } from "~/platform/db.server";
import { hit } from "~/platform/rate-limit-store.server";
import { limitRule, take } from "~/platform/rate-limit.server";

const counts = async (prefix: string) =>
  (await (await db()).rateLimit.findMany({ where: { key: { startsWith: prefix } }, orderBy: { key: "asc" } })).map(
    ({ key, count }) => [key, count],
  );

describe("rate-limit table", () => {
  it("reads every limit from the environment defaults", () => {
    expect(limitRule("login")).toMatchObject({
      windowMinutes: 15,
      perAccountAndAddress: 5,
      perAddress: 20,
      slowDownPerAccount: 20,
    });
    expect(limitRule("login")).not.toHaveProperty("perAccount");
    expect(limitRule("register")).toMatchObject({ windowMinutes: 60, perAddress: 20 });
    expect(limitRule("order")).toMatchObject({ windowMinutes: 60, perAccount: 30, perAddress: 100 });
    expect(limitRule("review")).toMatchObject({ windowMinutes: 60, perAccount: 10, perAddress: 100 });
    expect(limitRule("token")).toMatchObject({ windowMinutes: 60, perAccount: 20, perAddress: 100 });
    expect(limitRule("user-lookup")).toMatchObject({ windowMinutes: 15, perAddress: 100 });
  });

  it("takes the client address from the load context, and ignores X-Forwarded-For without TRUST_PROXY", () => {
    const request = new Request("http://x.test/login", { headers: { "X-Forwarded-For": "6.6.6.6" } });
    expect(clientAddress(request, { clientAddress: "192.0.2.1" })).toBe("192.0.2.1");
    expect(clientAddress(request, {})).toBeNull();
  });
});

describe("take", () => {
  it("counts before the work: of 12 concurrent attempts on one account from one address, 5 pass", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => take("login", { account: "burst@example.com", address: "192.0.2.50" })),
    );
    expect(results.filter((result) => !result.refused)).toHaveLength(5);
    const refused = results.find((result) => result.refused)!.refused!;
    expect(refused.message).toBe("Too many failed login attempts. Please wait a few minutes and try again.");
    expect(refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(await counts("login:account+address:burst@")).toEqual([["login:account+address:burst@example.com 192.0.2.50", 12]]);
  });

  it("never refuses per account alone: another address still passes, only slowed down", async () => {
    const account = "target@example.com";
    for (let i = 0; i < 21; i++) await take("login", { account, address: `198.51.100.${i}` });
    const owner = await take("login", { account, address: "192.0.2.99" });
    expect(owner.refused).toBeNull();
    // 22 attempts on the account, 20 allowed at full speed: 2 seconds.
    expect(owner.delayMs).toBe(2000);
  });

  it("limits an address across accounts, only when the address is known", async () => {
    for (let i = 0; i < 20; i++)
      expect((await take("login", { account: `a${i}@example.com`, address: "203.0.113.40" })).refused).toBeNull();
    expect((await take("login", { account: "next@example.com", address: "203.0.113.40" })).refused).not.toBeNull();
    for (let i = 0; i < 25; i++) expect((await take("register", { address: null })).refused).toBeNull();
  });

  it("refunds an event in the window it was counted in", async () => {
    const first = await take("order", { account: "user-refund", address: "192.0.2.60" });
    await take("order", { account: "user-refund", address: "192.0.2.60" });
    await first.refund();
    expect(await counts("order:")).toEqual([
      ["order:account:user-refund", 1],
      ["order:address:192.0.2.60", 1],
    ]);
  });

  it("counts in fixed windows that start over", async () => {
    const t0 = new Date("2026-01-01T00:00:00Z");
    expect((await hit("test:window", 60_000, t0)).count).toBe(1);
    expect((await hit("test:window", 60_000, new Date(t0.getTime() + 30_000))).count).toBe(2);
    expect((await hit("test:window", 60_000, new Date(t0.getTime() + 61_000))).count).toBe(1);
  });
});
