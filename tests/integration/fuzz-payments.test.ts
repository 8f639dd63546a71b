// Property-based hostile input for the payment calls, against the local Stripe-compatible fake:
// POST /api/create-payment-intent, the payment page's confirmation action and the Stripe webhook.
// Never a 5xx for bad input; always a 4xx (or the sign-in redirect); no order becomes paid and
// nothing stored changes.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeFake, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from "../support/stripe-fake";

const fake = await startStripeFake();
process.env.STRIPE_SECRET_KEY = TEST_SECRET_KEY;
process.env.STRIPE_PUBLISHABLE_KEY = TEST_PUBLISHABLE_KEY;
process.env.STRIPE_WEBHOOK_SECRET = "whsec_fuzz_secret";
process.env.STRIPE_API_BASE = fake.url;

const createIntent = await import("~/routes/api.create-payment-intent");
const paymentPage = await import("~/routes/dashboard.payment.$orderId");
const webhook = await import("~/routes/webhooks.stripe");
const { createUser, signIn } = await import("../support/auth");
const { placeTestOrder } = await import("../support/orders");
const { badId, brokenForm, callRouteOr500, fingerprint, hostileText, tally } = await import("../support/hostile");
const { formRequest, ORIGIN } = await import("../support/requests");

type Role = "anonymous" | "customer" | "other";
type Handler = Parameters<typeof callRouteOr500>[0];

const cookies: Record<Role, string | null> = { anonymous: null, customer: null, other: null };
let orderId = "";

beforeAll(async () => {
  const customer = await createUser();
  const other = await createUser();
  cookies.customer = await signIn(customer.id);
  cookies.other = await signIn(other.id);
  orderId = (await placeTestOrder(customer.id, { email: customer.email })).id;
});

afterAll(async () => {
  console.log(`fuzz-payments: ${tally.inputs} generated inputs, ${tally.fiveHundreds} answered with a 5xx`);
  await fake.close();
});

async function expectRefused(handler: Handler, request: Request, role: Role, params: Record<string, string> = {}) {
  const before = await fingerprint();
  const answer = await callRouteOr500(handler, request, params);
  tally.inputs += 1;
  if (answer.status >= 500) tally.fiveHundreds += 1;
  const shown = `${request.method} ${new URL(request.url).pathname} as ${role}: ${JSON.stringify(answer.data)?.slice(0, 300)}`;
  expect(answer.status, shown).toBeLessThan(500);
  if (answer.status < 400) {
    expect(role, shown).toBe("anonymous");
    expect(answer.location, shown).toMatch(/^\/login\?redirectTo=/);
  }
  expect(await fingerprint(), shown).toBe(before);
}

const role = fc.constantFrom<Role>("anonymous", "customer", "other");
const wrongType = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);

describe("payments with hostile input", () => {
  it("POST /api/create-payment-intent: bad, missing or someone else's order ids", async () => {
    await fc.assert(
      fc.asyncProperty(
        // the order id is what breaks; a client price, whatever it says, is ignored
        brokenForm<unknown>({
          orderId: { valid: fc.constant(orderId), invalid: fc.oneof(fc.constant(undefined), badId, wrongType) },
        }),
        fc.oneof(fc.constant(undefined), fc.double(), hostileText),
        role,
        async (form, price, who) => {
          const body = price === undefined ? form : { ...form, price };
          const cookie = cookies[who];
          const headers: Record<string, string> = { "Content-Type": "application/json", Origin: ORIGIN };
          if (cookie) headers.Cookie = cookie;
          const request = new Request(new URL("/api/create-payment-intent", ORIGIN), {
            method: "POST",
            headers,
            body: JSON.stringify(body),
          });
          await expectRefused(createIntent.action, request, who);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("the payment page's confirmation: bad order ids and forged or unknown payment intent ids", async () => {
    const intentId = fc.oneof(hostileText, fc.stringMatching(/^pi_[A-Za-z0-9_]{1,30}$/), fc.constant("pi_"));
    // Path ids as they reach Remix: the server refuses an encoded U+0000 in a path first (pathGuard).
    const pathIds = fc.oneof(
      badId.map((id) => id.replaceAll("\u0000", "")),
      fc.constant(orderId),
    );
    await fc.assert(
      fc.asyncProperty(pathIds, intentId, role, async (pathId, paymentIntentId, who) => {
        const cookie = cookies[who];
        const request = formRequest(
          `/dashboard/payment/${encodeURIComponent(pathId.replace(/[\uD800-\uDFFF]/g, "x"))}`,
          { paymentIntentId },
          cookie ? { headers: { Cookie: cookie } } : {},
        );
        await expectRefused(paymentPage.action, request, who, { orderId: pathId });
      }),
      { numRuns: 100 },
    );
  });

  it("POST /webhooks/stripe: hostile bodies with missing, forged or stale signatures", async () => {
    const signature = fc.oneof(
      fc.constant(undefined),
      hostileText.map((value) => value.replace(/[^\x20-\x7e]/g, "x")),
      fc.integer({ min: 0, max: 2_000_000_000 }).map((time) => `t=${time},v1=${"0".repeat(64)}`),
    );
    const body = fc.oneof(
      hostileText,
      fc.jsonValue().map((value) => JSON.stringify(value) ?? ""),
      fc.constant(
        JSON.stringify({ type: "payment_intent.succeeded", data: { object: { id: "pi_forged", metadata: { orderId } } } }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, signature, async (payload, header) => {
        const headers: Record<string, string> = { "Content-Type": "application/json" };
        if (header !== undefined) headers["Stripe-Signature"] = header;
        const request = new Request(new URL("/webhooks/stripe", ORIGIN), { method: "POST", headers, body: payload });
        const before = await fingerprint();
        const answer = await callRouteOr500(webhook.action, request);
        tally.inputs += 1;
        if (answer.status >= 500) tally.fiveHundreds += 1;
        expect(answer.status).toBe(400);
        expect(await fingerprint()).toBe(before);
      }),
      { numRuns: 80 },
    );
  });
});
