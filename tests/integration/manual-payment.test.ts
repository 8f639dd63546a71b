// The payment page's manual bKash/Nagad section (issue 39 item 7): the agency's merchant numbers
// (hidden when unset), the amount due in taka at the agency's rate (none while no usable rate), and
// the claim form posting to the page's own action: a claim for the owner's order only.
import { beforeAll, describe, expect, it } from "vitest";
import { cancelBooking, recordOfflinePayment } from "~/booking/index.server";
import { setExchangeRate } from "~/payments/index.server";
import { db } from "~/platform/db.server";
import * as myOrders from "~/routes/dashboard.myOrder";
import * as orderPage from "~/routes/dashboard.orders.$id";
import * as paymentPage from "~/routes/dashboard.payment.$orderId";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { placeTestOrder } from "../support/orders";
import { callRoute } from "../support/requests";

// Read at the first env() call, after this module has loaded.
process.env.BKASH_MERCHANT_NUMBER = "01711-000000";
delete process.env.NAGAD_MERCHANT_NUMBER;

type Loaded = {
  manual: {
    reference: string;
    dueCents: number;
    bkashNumber: string | null;
    nagadNumber: string | null;
    rate: { bdtPerUsd: number } | { unusable: string };
  } | null;
};

let owner: { id: string; cookie: string };
let other: { id: string; cookie: string };
let order: Awaited<ReturnType<typeof placeTestOrder>>;

beforeAll(async () => {
  const ownerUser = await createUser();
  owner = { id: ownerUser.id, cookie: await signIn(ownerUser.id) };
  const otherUser = await createUser();
  other = { id: otherUser.id, cookie: await signIn(otherUser.id) };
  order = await placeTestOrder(owner.id);
});

const load = (cookie: string) =>
  callRoute<Loaded>(paymentPage.loader, authedGet(`/dashboard/payment/${order.id}`, cookie), { orderId: order.id });
const claim = (fields: Record<string, string>, cookie = owner.cookie) =>
  callRoute<Record<string, unknown>>(
    paymentPage.action,
    authedPost(`/dashboard/payment/${order.id}`, { intent: "claim-payment", ...fields }, cookie),
    { orderId: order.id },
  );

describe("the manual section", () => {
  it("shows the bKash number (Nagad's is unset, so hidden) and no taka while no rate is set", async () => {
    const { data } = await load(owner.cookie);
    expect(data.manual).toEqual({
      reference: order.reference,
      dueCents: order.priceCents,
      bkashNumber: "01711-000000",
      nagadNumber: null,
      rate: { unusable: "none" },
    });
  });

  it("gives the rate once one is set, and says stale when it is old", async () => {
    await setExchangeRate(122, null, new Date(Date.now() - 8 * 86_400_000));
    expect((await load(owner.cookie)).data.manual?.rate).toEqual({ unusable: "stale" });
    await setExchangeRate(122, null);
    expect((await load(owner.cookie)).data.manual?.rate).toEqual({ bdtPerUsd: 122 });
  });

  it("sends a claim for the amount due from the page's own form", async () => {
    const reference = `9BK${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
    const sent = await claim({ method: "bkash", amount: (order.priceCents / 100).toFixed(2), reference });
    expect(sent).toMatchObject({ status: 200, data: { claimSent: true } });
    const stored = await (await db()).paymentClaim.findFirst({ where: { orderId: order.id, reference } });
    expect(stored).toMatchObject({ userId: owner.id, amountCents: order.priceCents, method: "BKASH", status: "PENDING" });
  });

  it("keeps what was typed and names the field when the form is wrong", async () => {
    const answer = await claim({ method: "bkash", amount: "12.345", reference: "" });
    expect(answer.status).toBe(400);
    const result = (answer.data as { claim: { fieldErrors: Record<string, string>; values: Record<string, string> } }).claim;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["amount", "reference"]);
    expect(result.values.amount).toBe("12.345");
  });

  it("is the owner's only: another customer's claim on this order is a 404 and stores nothing", async () => {
    const before = await (await db()).paymentClaim.count();
    const answer = await claim({ method: "nagad", amount: "10.00", reference: "8NX1234567" }, other.cookie);
    expect(answer.status).toBe(404);
    expect(await (await db()).paymentClaim.count()).toBe(before);
    expect((await load(other.cookie)).status).toBe(404);
  });
});

describe("a cancelled booking paid by bKash", () => {
  it("tells its owner the refund owed and how it comes back; My Orders says Cancelled · refund due", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const paid = await placeTestOrder(owner.id);
    await recordOfflinePayment(paid.id, admin, { amountCents: paid.priceCents, method: "bkash", reference: `7BK${Date.now()}` });
    await cancelBooking(paid.id, { id: admin.id, isAdmin: true });
    const page = await callRoute<{ refundDueToOwnerCents: number }>(
      orderPage.loader,
      authedGet(`/dashboard/orders/${paid.id}`, owner.cookie),
      { id: paid.id },
    );
    expect(page.data.refundDueToOwnerCents).toBe(paid.priceCents);
    const list = await callRoute<{ orders: { id: string; refundDueCents: number }[] }>(
      myOrders.loader,
      authedGet("/dashboard/myOrder", owner.cookie),
    );
    expect(list.data.orders.find((row) => row.id === paid.id)?.refundDueCents).toBe(paid.priceCents);
    // an unpaid order owes nothing back
    expect(list.data.orders.find((row) => row.id === order.id)?.refundDueCents).toBe(0);
  });
});
