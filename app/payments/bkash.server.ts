// bKash Tokenized Checkout (v1.2.0-beta) with plain fetch (docs/payments.md): a grant token cached
// until it expires and refreshed with its refresh token, create (→ bkashURL), execute once after the
// callback says status=success, payment/status when the callback was lost or execute timed out, and
// refund (with its status). Field names, headers and status codes are bKash's own; BKASH_BASE_URL
// is the sandbox unless set to the live host.
import type { PaymentMethod } from "~/generated/prisma/client";
import type { GatewayVerdict, PaymentProvider } from "~/payments/gateways.server";
import { PaymentError } from "~/payments/payments.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { publicUrl } from "~/platform/public-url.server";

export class BkashError extends Error {
  constructor(
    message: string,
    /** bKash's statusCode ("2023"), or "timeout" / "unreachable" */
    readonly code: string,
  ) {
    super(message);
  }
}

function bkashConfigured(): boolean {
  const { BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME, BKASH_PASSWORD } = env();
  return Boolean(BKASH_APP_KEY && BKASH_APP_SECRET && BKASH_USERNAME && BKASH_PASSWORD);
}

function settings() {
  const { BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME, BKASH_PASSWORD, BKASH_BASE_URL } = env();
  if (!BKASH_APP_KEY || !BKASH_APP_SECRET || !BKASH_USERNAME || !BKASH_PASSWORD)
    throw new BkashError("bKash is not configured.", "config");
  return {
    appKey: BKASH_APP_KEY,
    appSecret: BKASH_APP_SECRET,
    username: BKASH_USERNAME,
    password: BKASH_PASSWORD,
    base: BKASH_BASE_URL,
  };
}

const TIMEOUT_MS = 30_000;
const str = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

async function post(path: string, headers: Record<string, string>, body: unknown): Promise<Record<string, unknown>> {
  const { base } = settings();
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timeout = (error as Error).name === "TimeoutError";
    logger.error({ path, error: (error as Error).message }, "bkash unreachable");
    throw new BkashError(
      timeout ? "bKash did not answer in time." : "bKash could not be reached.",
      timeout ? "timeout" : "unreachable",
    );
  }
  const text = await response.text();
  // An id_token bKash no longer takes (expired early, revoked): API Gateway's 401.
  if (response.status === 401) throw new BkashError("bKash refused the token.", "401");
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // below
  }
  throw new BkashError(`bKash answered ${response.status} without JSON.`, String(response.status));
}

/** The answer's own error: statusCode other than 0000 (or an errorCode/errorMessage of older versions). */
function checked(body: Record<string, unknown>): Record<string, unknown> {
  const code = str(body.statusCode) || str(body.errorCode);
  if (code && code !== "0000")
    throw new BkashError(str(body.statusMessage) || str(body.errorMessage) || `bKash error ${code}`, code);
  return body;
}

interface Token {
  idToken: string;
  refreshToken: string;
  /** ms since epoch, a minute early */
  expiresAt: number;
  key: string;
}

let token: Token | null = null;
let pending: Promise<string> | null = null;

/** The id_token: cached until it expires, then refreshed (token/refresh), else granted anew (token/grant). */
async function idToken(): Promise<string> {
  const s = settings();
  const key = `${s.base}|${s.appKey}|${s.username}`;
  if (token && token.key === key && token.expiresAt > Date.now()) return token.idToken;
  pending ??= (async () => {
    const credentials = { username: s.username, password: s.password };
    let answer: Record<string, unknown> | null = null;
    if (token && token.key === key && token.refreshToken) {
      answer = await post("/tokenized/checkout/token/refresh", credentials, {
        app_key: s.appKey,
        app_secret: s.appSecret,
        refresh_token: token.refreshToken,
      })
        .then(checked)
        .catch(() => null);
    }
    answer ??= checked(
      await post("/tokenized/checkout/token/grant", credentials, { app_key: s.appKey, app_secret: s.appSecret }),
    );
    const id = str(answer.id_token);
    if (!id) throw new BkashError("bKash gave no token.", "token");
    const seconds = Number(answer.expires_in) || 3600;
    token = { idToken: id, refreshToken: str(answer.refresh_token), expiresAt: Date.now() + (seconds - 60) * 1000, key };
    return id;
  })().finally(() => {
    pending = null;
  });
  return pending;
}

async function authed(path: string, body: unknown): Promise<Record<string, unknown>> {
  const call = async () => post(path, { Authorization: await idToken(), "X-APP-Key": settings().appKey }, body);
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof BkashError) || error.code !== "401") throw error;
    // once more with a new token
    token = null;
    return call();
  }
}

const takaText = (taka: number) => (Number.isInteger(taka) ? String(taka) : taka.toFixed(2));
const paisaOf = (amount: string) => (/^\d+(\.\d{1,2})?$/.test(amount.trim()) ? Math.round(Number(amount) * 100) : NaN);

async function createPayment(payment: {
  invoice: string;
  payerReference: string;
  amountBdt: number;
  callbackURL: string;
}): Promise<{ paymentID: string; bkashURL: string }> {
  const body = checked(
    await authed("/tokenized/checkout/create", {
      mode: "0011",
      payerReference: payment.payerReference,
      callbackURL: payment.callbackURL,
      amount: takaText(payment.amountBdt),
      currency: "BDT",
      intent: "sale",
      merchantInvoiceNumber: payment.invoice,
    }),
  );
  const paymentID = str(body.paymentID);
  const bkashURL = str(body.bkashURL);
  if (!paymentID || !bkashURL) throw new BkashError("bKash did not open the payment.", "create");
  return { paymentID, bkashURL };
}

interface BkashPayment {
  paymentID: string;
  trxID: string;
  transactionStatus: string;
  amount: string;
  currency: string;
  merchantInvoiceNumber: string;
  customerMsisdn: string;
  time: string;
}

function paymentOf(body: Record<string, unknown>): BkashPayment {
  return {
    paymentID: str(body.paymentID),
    trxID: str(body.trxID),
    transactionStatus: str(body.transactionStatus),
    amount: str(body.amount),
    currency: str(body.currency),
    merchantInvoiceNumber: str(body.merchantInvoiceNumber) || str(body.merchantInvoice),
    customerMsisdn: str(body.customerMsisdn) || str(body.payerAccount),
    time: str(body.paymentExecuteTime) || str(body.completedTime),
  };
}

async function executePayment(paymentID: string): Promise<BkashPayment> {
  return paymentOf(checked(await authed("/tokenized/checkout/execute", { paymentID })));
}

async function paymentStatus(paymentID: string): Promise<BkashPayment> {
  return paymentOf(checked(await authed("/tokenized/checkout/payment/status", { paymentID })));
}

async function refundPayment(refund: { paymentID: string; trxID: string; amountBdt: number; sku: string; reason: string }) {
  const body = checked(
    await authed("/tokenized/checkout/payment/refund", {
      paymentID: refund.paymentID,
      amount: takaText(refund.amountBdt),
      trxID: refund.trxID,
      sku: refund.sku,
      reason: refund.reason,
    }),
  );
  return { refundTrxID: str(body.refundTrxID), transactionStatus: str(body.transactionStatus) };
}

/** The refunds of a payment (payment/refund with paymentID and trxID only). */
async function refundState(paymentID: string, trxID: string) {
  const body = checked(await authed("/tokenized/checkout/payment/refund", { paymentID, trxID }));
  return { refundTrxID: str(body.refundTrxID), transactionStatus: str(body.transactionStatus) };
}

// bKash's answers that mean execute ran before or cannot run now: payment/status decides.
const ASK_STATUS = new Set(["2056", "2117", "timeout", "unreachable", "503"]);

type Failure = (error: unknown, what: string) => PaymentError;

function verdictOf(session: { id: string; amountBdt: number }, found: BkashPayment): GatewayVerdict {
  const status = found.transactionStatus;
  if (status === "Completed") {
    if (found.merchantInvoiceNumber && found.merchantInvoiceNumber !== session.id)
      return { status: "failed", note: `bKash's payment is for invoice ${found.merchantInvoiceNumber}, not this one.` };
    if (found.currency !== "BDT") return { status: "failed", note: `bKash reports ${found.currency || "no currency"}, not BDT.` };
    if (paisaOf(found.amount) !== session.amountBdt * 100)
      return { status: "failed", note: `bKash reports ৳${found.amount}, not ৳${session.amountBdt}.` };
    return {
      status: "paid",
      review: false,
      note: null,
      providerReference: found.trxID,
      method: "BKASH" satisfies PaymentMethod,
      last4: found.customerMsisdn.slice(-4),
      created: new Date(),
    };
  }
  if (status === "Initiated" || status === "Authorized" || status === "") return { status: "open" };
  if (status === "Cancelled") return { status: "cancelled", note: "The payment was cancelled." };
  return { status: "failed", note: `bKash reports the payment ${status.toLowerCase()}.` };
}

/** bKash behind the provider interface; `failure` turns an error into the PaymentError booking shows. */
export function bkashGateway(failure: Failure, callbackPath: string): PaymentProvider {
  return {
    name: "bkash",
    configured: bkashConfigured,
    async open(charge) {
      try {
        const created = await createPayment({
          invoice: charge.sessionId,
          payerReference: charge.reference,
          amountBdt: charge.amountBdt,
          callbackURL: publicUrl(callbackPath),
        });
        return { redirectUrl: created.bkashURL, gatewayId: created.paymentID };
      } catch (error) {
        throw failure(error, "bkash create");
      }
    },
    async verify(session, hint) {
      const paymentID = session.gatewayId ?? "";
      try {
        if (hint?.execute) {
          try {
            return verdictOf(session, await executePayment(paymentID));
          } catch (error) {
            if (!(error instanceof BkashError) || !ASK_STATUS.has(error.code)) {
              if (error instanceof BkashError) return { status: "failed", note: `bKash: ${error.message} (${error.code}).` };
              throw error;
            }
            logger.warn({ paymentID, code: error.code }, "bkash execute unsure: asking payment/status");
          }
        }
        return verdictOf(session, await paymentStatus(paymentID));
      } catch (error) {
        throw failure(error, "bkash verify");
      }
    },
    async refund(payment) {
      try {
        const made = await refundPayment({
          paymentID: payment.transaction,
          trxID: payment.providerReference,
          amountBdt: payment.amountBdt,
          sku: payment.key,
          reason: payment.reason,
        });
        return { refundId: made.refundTrxID, status: made.transactionStatus === "Completed" ? "done" : "processing" };
      } catch (error) {
        if (error instanceof BkashError && /^\d+$/.test(error.code))
          throw new PaymentError("provider", `The payment gateway refused the refund: ${error.message} (${error.code}).`);
        throw failure(error, "bkash refund");
      }
    },
    async refundStatus(payment, refundId) {
      try {
        const state = await refundState(payment.transaction, payment.providerReference);
        if (state.transactionStatus === "Completed") return { refundId: state.refundTrxID || refundId, status: "done" };
        return { refundId, status: "processing" };
      } catch (error) {
        if (error instanceof BkashError && /^\d+$/.test(error.code))
          return { status: "refused", reason: `${error.message} (${error.code})` };
        throw failure(error, "bkash refund status");
      }
    },
  };
}
