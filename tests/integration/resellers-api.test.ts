// The resellers' admin API (/api/resellers) as an administrator, a customer and an anonymous caller:
// only an administrator lists, adds, makes keys and revokes them; a refused call writes nothing.
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as resellers from "~/routes/api.resellers";
import * as keys from "~/routes/api.resellers.$id.keys";
import * as keyById from "~/routes/api.resellers.$id.keys.$keyId";
import * as octoSupplier from "~/routes/octo.supplier";
import { createUser, signIn } from "../support/auth";
import { callRoute, getRequest, ORIGIN } from "../support/requests";

function jsonRequest(method: string, path: string, cookie: string | null, body?: unknown) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return new Request(new URL(path, ORIGIN), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function cookies() {
  const admin = await createUser({ role: "ADMIN" });
  const customer = await createUser();
  return { admin: await signIn(admin.id), customer: await signIn(customer.id) };
}

describe("/api/resellers", () => {
  it("lets an administrator add a reseller, create a key (shown once) and revoke it", async () => {
    const { admin } = await cookies();
    const created = await callRoute(
      resellers.action,
      jsonRequest("POST", "/api/resellers", admin, { name: "Cox Tours", email: "b2b@cox.example", commissionPercent: 15.5 }),
    );
    expect(created.status).toBe(200);
    const id = created.data.insertedId as string;

    const key = await callRoute(keys.action, jsonRequest("POST", `/api/resellers/${id}/keys`, admin), { id });
    expect(key.status).toBe(200);
    expect(key.data).toEqual({ _id: expect.any(String), key: expect.stringMatching(/^tbr_/) });

    const list = await callRoute(resellers.loader, jsonRequest("GET", "/api/resellers", admin));
    const listed = list.data.find((reseller: { _id: string }) => reseller._id === id);
    expect(listed).toMatchObject({ name: "Cox Tours", email: "b2b@cox.example", commissionPercent: 15.5, active: true });
    expect(listed.keys).toEqual([
      { _id: key.data._id, prefix: key.data.key.slice(0, 12), createdAt: expect.any(String), lastUsedAt: null, revokedAt: null },
    ]);
    expect(JSON.stringify(list.data)).not.toContain(key.data.key);

    const ask = () =>
      octoSupplier.loader({
        request: getRequest("/octo/supplier", { headers: { Authorization: `Bearer ${key.data.key}` } }),
        params: {},
        context: {},
      });
    expect((await ask()).status).toBe(200);
    const revoke = () =>
      callRoute(keyById.action, jsonRequest("DELETE", `/api/resellers/${id}/keys/${key.data._id}`, admin), {
        id,
        keyId: key.data._id,
      });
    expect((await revoke()).data).toEqual({ modifiedCount: 1 });
    expect((await revoke()).data).toEqual({ modifiedCount: 0 });
    expect((await ask()).status).toBe(403);
    const unknown = await callRoute(
      keyById.action,
      jsonRequest("DELETE", `/api/resellers/${id}/keys/cnothere0000000000`, admin),
      {
        id,
        keyId: "cnothere0000000000",
      },
    );
    expect(unknown.status).toBe(404);
  });

  it("names the invalid field and writes nothing", async () => {
    const { admin } = await cookies();
    const prisma = await db();
    const before = await prisma.reseller.count();
    for (const [body, field] of [
      [{ name: "", email: "a@b.example", commissionPercent: 5 }, "name"],
      [{ name: "X", email: "not-an-email", commissionPercent: 5 }, "email"],
      [{ name: "X", email: "a@b.example", commissionPercent: 100.5 }, "commissionPercent"],
      [{ name: "X", email: "a@b.example", commissionPercent: 12.345 }, "commissionPercent"],
      [{ name: "X", email: "a@b.example" }, "commissionPercent"],
    ] as const) {
      const answer = await callRoute(resellers.action, jsonRequest("POST", "/api/resellers", admin, body));
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.data.details)).toEqual([field]);
    }
    expect(await prisma.reseller.count()).toBe(before);
  });

  it("refuses customers (403) and anonymous callers (401), writing nothing", async () => {
    const { admin, customer } = await cookies();
    const created = await callRoute(
      resellers.action,
      jsonRequest("POST", "/api/resellers", admin, { name: "Kept", email: "k@k.example", commissionPercent: 1 }),
    );
    const id = created.data.insertedId as string;
    const prisma = await db();
    const before = { resellers: await prisma.reseller.count(), keys: await prisma.resellerKey.count() };
    for (const [cookie, status] of [
      [customer, 403],
      [null, 401],
    ] as const) {
      expect((await callRoute(resellers.loader, jsonRequest("GET", "/api/resellers", cookie))).status).toBe(status);
      const body = { name: "Nope", email: "n@n.example", commissionPercent: 1 };
      expect((await callRoute(resellers.action, jsonRequest("POST", "/api/resellers", cookie, body))).status).toBe(status);
      expect((await callRoute(keys.action, jsonRequest("POST", `/api/resellers/${id}/keys`, cookie), { id })).status).toBe(
        status,
      );
    }
    expect({ resellers: await prisma.reseller.count(), keys: await prisma.resellerKey.count() }).toEqual(before);
  });
});
