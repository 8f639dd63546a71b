// A local Stripe-compatible API for what the site uses: payment intents (create with
// idempotency keys, retrieve with expand, confirm, cancel, list), card payment methods and refunds
// (full or partial, listed by payment intent, charge or creation time); lists page like Stripe's
// (newest first, `limit` 1 to 100, `starting_after`/`ending_before`, `has_more`, `created` ranges); with Stripe's error shapes
// (card_declined, incorrect_number, idempotency_error, resource_missing, charge_already_refunded,
// amount_too_large, invalid API key), and the charge.refunded event a refund sends. The server SDK reaches it through STRIPE_API_BASE; the browser's fake
// Stripe.js reaches it through Playwright's routing of the real API host.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";
import Stripe from "stripe";
import { afterAll } from "vitest";

export const TEST_SECRET_KEY = "sk_test_fake_secret_key_for_tests";
export const TEST_PUBLISHABLE_KEY = "pk_test_fake_publishable_key_for_tests";

// Stripe's documented test cards that we model.
export const CARDS = {
  visa: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

type Params = Record<string, unknown>;

export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  created: number;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: unknown;
  allowed_payment_method_types: string[];
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  /** a test may fail or cancel one after it was made, as a bank can */
  status: "succeeded" | "pending" | "failed" | "canceled";
}

interface FakePaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  created: number;
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: string;
    country: string;
  };
  billing_details: { name: string | null; email: string | null };
  number: string; // kept by the fake only, to decide the outcome; never sent back
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    /** refused before the request ran (a failure injected by a test): its idempotency key is not kept */
    readonly beforeRunning = false,
  ) {
    super(String(body.message));
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (a[b]=1, a[0]=x, a[]=y) into nested objects and arrays. */
export function parseStripeForm(body: string): Params {
  // Deep enough for every parameter Stripe takes; a repeated key keeps its last value.
  return qs.parse(body, { depth: 10, arrayLimit: 100, duplicates: "last" });
}

/** The `created` filter of a list: a Unix time, or a range of gt/gte/lt/lte. */
function createdFilter(value: unknown): (created: number) => boolean {
  if (value === undefined || value === "") return () => true;
  const bound = (raw: unknown, param: string) => {
    const number = Number(raw);
    if (!/^\d+$/.test(String(raw)) || !Number.isSafeInteger(number)) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "parameter_invalid_integer",
        param,
        message: "Invalid integer: " + String(raw),
      });
    }
    return number;
  };
  if (typeof value !== "object" || value === null) {
    const exact = bound(value, "created");
    return (created) => created === exact;
  }
  const range = value as Record<string, unknown>;
  const unknown = Object.keys(range).find((key) => !["gt", "gte", "lt", "lte"].includes(key));
  if (unknown) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "parameter_unknown",
      param: `created[${unknown}]`,
      message: `Received unknown parameter: created[${unknown}]`,
    });
  }
  const limits = Object.fromEntries(Object.entries(range).map(([key, raw]) => [key, bound(raw, `created[${key}]`)]));
  return (created) =>
    (limits.gt === undefined || created > limits.gt) &&
    (limits.gte === undefined || created >= limits.gte) &&
    (limits.lt === undefined || created < limits.lt) &&
    (limits.lte === undefined || created <= limits.lte);
}

/**
 * One page of a list as Stripe answers it: newest first (the later-made first within a second),
 * at most `limit` (1 to 100, default 10) after the `starting_after` object or before the
 * `ending_before` one, and whether more follow in that direction.
 */
function listPage<T extends { id: string; created: number }>(
  made: T[],
  params: Params,
  url: string,
  noun: string,
  keep: (item: T) => boolean = () => true,
) {
  const limit = params.limit === undefined ? 10 : Number(params.limit);
  if (!/^\d+$/.test(String(params.limit ?? 10)) || limit < 1) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "parameter_invalid_integer",
      param: "limit",
      message: "Invalid integer: " + String(params.limit),
    });
  }
  if (limit > 100) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      param: "limit",
      message: "This value must be less than or equal to 100.",
    });
  }
  if (params.starting_after && params.ending_before) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      message: "You may only specify one of these parameters: ending_before, starting_after.",
    });
  }
  // Stable sort of the newest-made first: equal seconds keep the later-made first.
  const ordered = [...made].reverse().sort((a, b) => b.created - a.created);
  const cursorParam = params.starting_after ? "starting_after" : params.ending_before ? "ending_before" : null;
  let position = -1;
  if (cursorParam) {
    position = ordered.findIndex((item) => item.id === params[cursorParam]);
    if (position < 0) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: cursorParam,
        message: `No such ${noun}: '${String(params[cursorParam])}'`,
      });
    }
  }
  const inRange = createdFilter(params.created);
  const wanted = (item: T) => inRange(item.created) && keep(item);
  if (cursorParam === "ending_before") {
    const before = ordered.slice(0, position).filter(wanted);
    return { object: "list", data: before.slice(-limit), has_more: before.length > limit, url };
  }
  const after = ordered.slice(position + 1).filter(wanted);
  return { object: "list", data: after.slice(0, limit), has_more: after.length > limit, url };
}

const listOf = (value: unknown): string[] =>
  value && typeof value === "object" ? Object.values(value).map(String) : value ? [String(value)] : [];

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface StripeFake {
  url: string;
  intents: Map<string, FakeIntent>;
  /** Every request the fake answered: method, path, whether a secret or publishable key was used. */
  requests: {
    method: string;
    path: string;
    key: "secret" | "publishable";
    idempotencyKey?: string;
  }[];
  /** Marks an intent paid by a test card, as if the customer paid in another tab. */
  succeed(intentId: string, card?: string): FakeIntent;
  /** The same JSON a retrieve would answer (with the payment method expanded). */
  expandedIntent(intentId: string): Record<string, unknown>;
  /** Every refund made, oldest first. */
  refunds: FakeRefund[];
  /** Refunds part (or, without an amount, the rest) of a paid intent, as the Stripe dashboard would. */
  refund(intentId: string, amount?: number): FakeRefund;
  /** The next `count` answers are lost after the request was carried out (the connection drops), as on a network failure. */
  dropAnswers(count: number): void;
  /** The next POST /v1/refunds fails with this error before anything is refunded (default: Stripe's 500 api_error). */
  failNextRefund(error?: { status: number; error: Record<string, unknown> }): void;
  /** The charge.refunded event Stripe sends for the intent's charge (Stripe's API versions since 2022-11-15 leave the refunds out). */
  chargeRefundedEvent(intentId: string): Record<string, unknown>;
  /** Signs an event with the webhook secret and posts it, as Stripe delivers it; returns the status. */
  sendEvent(event: Record<string, unknown>, webhookUrl: string, secret: string): Promise<number>;
  close(): Promise<void>;
}

export async function startStripeFake({ port = 0 } = {}): Promise<StripeFake> {
  const intents = new Map<string, FakeIntent>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const requests: StripeFake["requests"] = [];
  const refunds: FakeRefund[] = [];
  let answersToDrop = 0;
  let nextRefundError: { status: number; error: Record<string, unknown> } | null = null;

  const publicMethod = ({ number: _number, ...method }: FakePaymentMethod) => method;
  const intentJson = (intent: FakeIntent, expand: string[]) => ({
    ...intent,
    payment_method:
      expand.includes("payment_method") && intent.payment_method
        ? publicMethod(paymentMethods.get(intent.payment_method)!)
        : intent.payment_method,
  });

  function findIntent(intentId: string): FakeIntent {
    const intent = intents.get(intentId);
    if (!intent) {
      throw new StripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "intent",
        message: `No such payment_intent: '${intentId}'`,
      });
    }
    return intent;
  }

  function createPaymentMethod(params: Params): FakePaymentMethod {
    const card = (params.card ?? {}) as Record<string, string>;
    const number = String(card.number ?? "").replace(/\s+/g, "");
    if (params.type !== "card")
      throw new StripeError(400, {
        type: "invalid_request_error",
        param: "type",
        message: "Invalid type: must be card",
      });
    if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
      throw new StripeError(402, {
        type: "card_error",
        code: "incorrect_number",
        param: "card[number]",
        message: "Your card number is incorrect.",
      });
    }
    const expMonth = Number(card.exp_month);
    const expYear = Number(card.exp_year) < 100 ? 2000 + Number(card.exp_year) : Number(card.exp_year);
    const today = new Date();
    if (
      !(expMonth >= 1 && expMonth <= 12) ||
      expYear < today.getFullYear() ||
      (expYear === today.getFullYear() && expMonth < today.getMonth() + 1)
    ) {
      throw new StripeError(402, {
        type: "card_error",
        code: "invalid_expiry_year",
        param: "card[exp_year]",
        message: "Your card's expiration year is in the past.",
      });
    }
    if (!/^\d{3,4}$/.test(String(card.cvc ?? ""))) {
      throw new StripeError(402, {
        type: "card_error",
        code: "incomplete_cvc",
        param: "card[cvc]",
        message: "Your card's security code is incomplete.",
      });
    }
    const billing = (params.billing_details ?? {}) as Record<string, string>;
    const method: FakePaymentMethod = {
      id: id("pm"),
      object: "payment_method",
      type: "card",
      created: now(),
      card: {
        brand: number.startsWith("4") ? "visa" : "unknown",
        last4: number.slice(-4),
        exp_month: expMonth,
        exp_year: expYear,
        funding: "credit",
        country: "US",
      },
      billing_details: {
        name: billing.name ?? null,
        email: billing.email ?? null,
      },
      number,
    };
    paymentMethods.set(method.id, method);
    return method;
  }

  function confirm(intent: FakeIntent, params: Params): FakeIntent {
    if (intent.status === "succeeded" || intent.status === "canceled") {
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: intent,
      });
    }
    const methodId = params.payment_method
      ? String(params.payment_method)
      : params.payment_method_data
        ? createPaymentMethod(params.payment_method_data as Params).id
        : intent.payment_method;
    const method = methodId ? paymentMethods.get(methodId) : undefined;
    if (!method) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "payment_method",
        message: `No such PaymentMethod: '${methodId ?? ""}'`,
      });
    }
    intent.payment_method = method.id;
    const decline =
      method.number === CARDS.declined
        ? "generic_decline"
        : method.number === CARDS.insufficientFunds
          ? "insufficient_funds"
          : null;
    if (decline) {
      const error = {
        type: "card_error",
        code: "card_declined",
        decline_code: decline,
        message: decline === "insufficient_funds" ? "Your card has insufficient funds." : "Your card was declined.",
      };
      intent.status = "requires_payment_method";
      intent.last_payment_error = error;
      intent.latest_charge = id("ch");
      throw new StripeError(402, {
        ...error,
        payment_intent: intent,
        payment_method: publicMethod(method),
      });
    }
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.latest_charge = id("ch");
    intent.last_payment_error = null;
    return intent;
  }

  // The browser may only touch an intent whose client secret it holds.
  function checkClientSecret(intent: FakeIntent, params: Params) {
    if (params.client_secret !== intent.client_secret) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        param: "client_secret",
        message: "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
      });
    }
  }

  const refundedOf = (intent: FakeIntent) =>
    refunds.filter((refund) => refund.payment_intent === intent.id).reduce((sum, refund) => sum + refund.amount, 0);
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  function createRefund(params: Params): FakeRefund {
    const intentId = params.payment_intent
      ? String(params.payment_intent)
      : [...intents.values()].find((intent) => intent.latest_charge === params.charge && params.charge)?.id;
    if (!params.payment_intent && !params.charge) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        message: "One of the following params should be provided for this request: payment_intent or charge.",
      });
    }
    if (!intentId) {
      throw new StripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "charge",
        message: `No such charge: '${String(params.charge)}'`,
      });
    }
    const intent = findIntent(intentId);
    if (intent.status !== "succeeded" || !intent.latest_charge) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "charge_not_refundable",
        message: "This PaymentIntent does not have a successful charge to refund.",
      });
    }
    const left = intent.amount_received - refundedOf(intent);
    if (left <= 0) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    }
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "parameter_invalid_integer",
        param: "amount",
        message: "Invalid positive integer",
      });
    }
    if (amount > left) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        param: "amount",
        message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      });
    }
    const refund: FakeRefund = {
      id: id("re"),
      object: "refund",
      amount,
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      metadata: (params.metadata as Record<string, string>) ?? {},
      payment_intent: intent.id,
      reason: (params.reason as string) ?? null,
      status: "succeeded",
    };
    refunds.push(refund);
    return refund;
  }

  function chargeOf(intent: FakeIntent) {
    const refunded = refundedOf(intent);
    return {
      id: intent.latest_charge,
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount_received,
      amount_refunded: refunded,
      currency: intent.currency,
      created: intent.created,
      metadata: intent.metadata,
      paid: intent.status === "succeeded",
      payment_intent: intent.id,
      refunded: refunded > 0 && refunded >= intent.amount_received,
      status: "succeeded",
      livemode: false,
    };
  }

  function route(
    method: string,
    path: string,
    params: Params,
    key: "secret" | "publishable",
  ): { status?: number; body: unknown } {
    const expand = listOf(params.expand);
    if (method === "POST" && path === "/v1/payment_methods") return { body: publicMethod(createPaymentMethod(params)) };
    if (key === "secret" && method === "POST" && path === "/v1/refunds") {
      if (nextRefundError) {
        const { status, error } = nextRefundError;
        nextRefundError = null;
        throw new StripeError(status, error, true);
      }
      return { body: createRefund(params) };
    }
    if (key === "secret" && method === "GET" && path === "/v1/refunds") {
      const body = listPage(
        refunds,
        params,
        "/v1/refunds",
        "refund",
        (refund) =>
          (!params.payment_intent || refund.payment_intent === params.payment_intent) &&
          (!params.charge || refund.charge === params.charge),
      );
      return { body };
    }
    if (key === "secret" && method === "GET" && path === "/v1/payment_intents") {
      const listed = listPage([...intents.values()], params, "/v1/payment_intents", "payment_intent");
      return { body: { ...listed, data: listed.data.map((intent) => intentJson(intent, [])) } };
    }
    const refundMatch = path.match(/^\/v1\/refunds\/([^/]+)$/);
    if (key === "secret" && method === "GET" && refundMatch) {
      const refund = refunds.find((candidate) => candidate.id === decodeURIComponent(refundMatch[1]));
      if (!refund)
        throw new StripeError(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "id",
          message: `No such refund: '${refundMatch[1]}'`,
        });
      return { body: refund };
    }
    let match = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/);
    if (match) {
      const intent = findIntent(decodeURIComponent(match[1]));
      if (key === "publishable") checkClientSecret(intent, params);
      if (method === "GET" && !match[2]) return { body: intentJson(intent, expand) };
      if (method === "POST" && match[2] === "/confirm") return { body: intentJson(confirm(intent, params), expand) };
      if (method === "POST" && match[2] === "/cancel" && key === "secret") {
        if (intent.status === "succeeded")
          throw new StripeError(400, {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: "You cannot cancel this PaymentIntent because it has a status of succeeded.",
          });
        intent.status = "canceled";
        return { body: intentJson(intent, expand) };
      }
    }
    match = path.match(/^\/v1\/payment_intents$/);
    if (match && method === "POST" && key === "secret") {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        throw new StripeError(400, {
          type: "invalid_request_error",
          code: "amount_too_small",
          param: "amount",
          message: "Amount must be at least $0.50 usd",
        });
      }
      if (typeof params.currency !== "string" || !/^[a-z]{3}$/.test(params.currency)) {
        throw new StripeError(400, {
          type: "invalid_request_error",
          param: "currency",
          message: "Invalid currency",
        });
      }
      const intentId = id("pi");
      const intent: FakeIntent = {
        id: intentId,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: params.currency,
        status: "requires_payment_method",
        client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
        created: now(),
        description: (params.description as string) ?? null,
        receipt_email: (params.receipt_email as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        payment_method: null,
        latest_charge: null,
        last_payment_error: null,
        allowed_payment_method_types: listOf(params.allowed_payment_method_types).length
          ? listOf(params.allowed_payment_method_types)
          : ["card"],
        livemode: false,
      };
      intents.set(intent.id, intent);
      return { body: intentJson(intent, expand) };
    }
    throw new StripeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      // A lost answer: the request was carried out (and its key kept), the connection drops.
      if (answersToDrop > 0 && !request.url?.includes("payment_methods")) {
        answersToDrop -= 1;
        request.socket.destroy();
        return;
      }
      response.writeHead(status, {
        "Content-Type": "application/json",
        "Request-Id": id("req"),
        "Access-Control-Allow-Origin": "*",
        ...headers,
      });
      response.end(JSON.stringify(body));
    };
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, POST",
        "Access-Control-Allow-Headers": "Authorization, Content-Type, Stripe-Version",
      });
      return response.end();
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://fake");
    const params = {
      ...parseStripeForm(url.searchParams.toString()),
      ...parseStripeForm(Buffer.concat(chunks).toString("utf8")),
    };
    const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, "");
    const key = bearer === TEST_SECRET_KEY ? "secret" : params.key === TEST_PUBLISHABLE_KEY ? "publishable" : null;
    if (!key) {
      return send(401, {
        error: {
          type: "invalid_request_error",
          message: `Invalid API Key provided: ${String(bearer ?? params.key ?? "").slice(0, 8)}***`,
        },
      });
    }
    const idempotencyKey = request.method === "POST" ? (request.headers["idempotency-key"] as string | undefined) : undefined;
    requests.push({
      method: request.method ?? "GET",
      path: url.pathname,
      key,
      idempotencyKey,
    });
    delete params.key;
    const fingerprint = `${request.method} ${url.pathname} ${JSON.stringify(params)}`;
    if (idempotencyKey) {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.params !== fingerprint) {
        return send(400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (earlier)
        return send(earlier.status, earlier.body, {
          "Idempotent-Replayed": "true",
          "Idempotency-Key": idempotencyKey,
        });
    }
    let status = 200;
    let body: unknown;
    let ran = true;
    try {
      const result = route(request.method ?? "GET", url.pathname, params, key);
      body = result.body;
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      body = { error: error.body };
      ran = !error.beforeRunning;
    }
    // Stripe keeps the answer of a key once the request ran; an error before it ran is not kept.
    if (idempotencyKey && ran) idempotent.set(idempotencyKey, { params: fingerprint, status, body });
    send(status, body, idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {});
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    intents,
    requests,
    succeed(intentId, card = CARDS.visa) {
      const intent = findIntent(intentId);
      const method = createPaymentMethod({
        type: "card",
        card: {
          number: card,
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 2),
          cvc: "123",
        },
      });
      return confirm(intent, { payment_method: method.id });
    },
    expandedIntent(intentId) {
      return intentJson(findIntent(intentId), ["payment_method"]);
    },
    refunds,
    refund(intentId, amount) {
      return createRefund({ payment_intent: intentId, ...(amount === undefined ? {} : { amount: String(amount) }) });
    },
    dropAnswers(count) {
      answersToDrop = count;
    },
    failNextRefund(error = { status: 500, error: { type: "api_error", message: "An unknown error occurred" } }) {
      nextRefundError = error;
    },
    chargeRefundedEvent(intentId) {
      return {
        id: id("evt"),
        object: "event",
        api_version: "2025-03-31.basil",
        type: "charge.refunded",
        created: now(),
        livemode: false,
        data: { object: chargeOf(findIntent(intentId)) },
      };
    },
    async sendEvent(event, webhookUrl, secret) {
      const payload = JSON.stringify(event);
      const response = await fetch(webhookUrl, {
        method: "POST",
        body: payload,
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
        },
      });
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * For a vitest file: starts the fake and points the app's Stripe settings (and `extraEnv`) at it,
 * before the file imports the app's modules; the fake closes after the file.
 */
export async function stripeFakeForTests(extraEnv: Record<string, string> = {}): Promise<StripeFake> {
  const fake = await startStripeFake();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: "whsec_test_secret_for_tests",
    STRIPE_API_BASE: fake.url,
    ...extraEnv,
  });
  afterAll(() => fake.close());
  return fake;
}
