// Reseller keys in the database: only the key's SHA-256 and its first characters are stored, a
// revoked key or an inactive reseller's key authenticates nobody, and the last use is kept (at most
// one write a minute).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authenticateResellerKey, createResellerKey } from "~/distribution/reseller-keys.server";
import { revokeKey, setResellerActive } from "~/distribution/reseller-store.server";
import { createReseller } from "~/distribution/resellers.server";
import { db } from "~/platform/db.server";

async function reseller(active = true) {
  return createReseller({ name: "Sylhet Holidays", email: "desk@sylhet.example", commissionPercent: 7.25, active });
}

describe("reseller keys", () => {
  it("stores the key's hash and prefix, never the key, and keeps the commission in basis points", async () => {
    const { id } = await reseller();
    const created = (await createResellerKey(id))!;
    expect(created.key).toMatch(/^tbr_[A-Za-z0-9_-]{43}$/);
    const prisma = await db();
    const row = await prisma.resellerKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.hash).toBe(createHash("sha256").update(created.key).digest("hex"));
    expect(row.prefix).toBe(created.key.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));
    expect((await prisma.reseller.findUniqueOrThrow({ where: { id } })).commissionBasisPoints).toBe(725);
    expect(await createResellerKey("c000000000000000nothere")).toBeNull();
  });

  it("authenticates a live key and records its last use at most once a minute", async () => {
    const { id } = await reseller();
    const created = (await createResellerKey(id))!;
    const prisma = await db();
    const start = new Date("2030-01-01T00:00:00Z");
    expect(await authenticateResellerKey(created.key, start)).toEqual({
      keyId: created.id,
      resellerId: id,
      name: "Sylhet Holidays",
      commissionBasisPoints: 725,
      // The reseller's caps on seats held unconfirmed (issue 35 item 3): the defaults.
      holdLimits: { perDeparture: 20, perAccount: 100 },
    });
    const lastUse = async () => (await prisma.resellerKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt;
    expect(await lastUse()).toEqual(start);
    await authenticateResellerKey(created.key, new Date(start.getTime() + 30_000));
    expect(await lastUse()).toEqual(start);
    const later = new Date(start.getTime() + 61_000);
    await authenticateResellerKey(created.key, later);
    expect(await lastUse()).toEqual(later);
  });

  it("refuses a revoked key (revoking twice keeps the first time), another reseller's key id and an inactive reseller", async () => {
    const { id } = await reseller();
    const other = await reseller();
    const created = (await createResellerKey(id))!;
    expect(await revokeKey(other.id, created.id)).toBe("not-found");
    expect(await authenticateResellerKey(created.key)).not.toBeNull();
    expect(await revokeKey(id, created.id, new Date("2030-01-01T00:00:00Z"))).toBe("revoked");
    expect(await revokeKey(id, created.id)).toBe("already");
    const prisma = await db();
    expect((await prisma.resellerKey.findUniqueOrThrow({ where: { id: created.id } })).revokedAt).toEqual(
      new Date("2030-01-01T00:00:00Z"),
    );
    expect(await authenticateResellerKey(created.key)).toBeNull();

    const live = (await createResellerKey(id))!;
    await setResellerActive(id, false);
    expect(await authenticateResellerKey(live.key)).toBeNull();
    expect(await authenticateResellerKey("not a key")).toBeNull();
  });
});
