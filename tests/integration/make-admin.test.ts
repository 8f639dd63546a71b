import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { loader as homeLoader } from "~/routes/dashboard._index";
import { action, loader } from "~/routes/dashboard.makeAdmin";
import { authedGet, authedPost, createUser, signIn, uniqueEmail } from "../support/auth";
import { unwrap } from "../support/requests";

type Reply = { done: boolean; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> | null } };

describe("make admin", () => {
  it("promotes an existing user and clears the field", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const target = await createUser();
    const cookie = await signIn(admin.id);
    expect(await loader({ request: authedGet("/dashboard/makeAdmin", cookie), params: {}, context: {} })).toBeNull();
    const { status, data } = await unwrap<Reply>(
      await action({
        request: authedPost("/dashboard/makeAdmin", { email: ` ${target.email.toUpperCase()} ` }, cookie),
        params: {},
        context: {},
      }),
    );
    expect(status).toBe(200);
    expect(data.done).toBe(true);
    expect(data.result.initialValue ?? null).toBeNull();
    const prisma = await db();
    expect((await prisma.user.findUnique({ where: { id: target.id } }))?.role).toBe("ADMIN");
  });

  it("an unknown or invalid email gets a clear error and changes nothing", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const cookie = await signIn(admin.id);
    const prisma = await db();
    const admins = await prisma.user.count({ where: { role: "ADMIN" } });
    const unknown = await unwrap<Reply>(
      await action({ request: authedPost("/dashboard/makeAdmin", { email: uniqueEmail() }, cookie), params: {}, context: {} }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.data.done).toBe(false);
    expect(unknown.data.result.error?.email).toEqual(["No account uses this email address. The person must register first."]);
    const invalid = await unwrap<Reply>(
      await action({ request: authedPost("/dashboard/makeAdmin", { email: "x" }, cookie), params: {}, context: {} }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error?.email).toEqual(["Please enter a valid email address."]);
    expect(await prisma.user.count({ where: { role: "ADMIN" } })).toBe(admins);
  });
});

describe("dashboard home", () => {
  it("counts users, live packages, reviews and non-deleted orders", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const prisma = await db();
    const { data } = await unwrap<{ counts: { users: number; services: number; reviews: number; orders: number } }>(
      await homeLoader({ request: authedGet("/dashboard", cookie), params: {}, context: {} }),
    );
    expect(data.counts).toEqual({
      users: await prisma.user.count(),
      packages: await prisma.service.count({ where: { deletedAt: null } }),
      reviews: await prisma.review.count(),
      orders: await prisma.order.count({ where: { deletedAt: null } }),
    });
    expect(data.counts.users).toBeGreaterThanOrEqual(2);
  });
});
