// SSLCommerz's API v4 with plain fetch (docs/payments.md): session init (gwprocess/v4/api.php →
// GatewayPageURL), the IPN's verify_sign, the order validation API (validationserverAPI.php), the
// transaction query and the refund and its status (merchantTransIDvalidationAPI.php). Field names and
// status values are SSLCommerz's own. SSLCOMMERZ_BASE_URL is the sandbox unless set to the live host.
import { createHash } from "node:crypto";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";

export function sslcommerzConfigured(): boolean {
  const { SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD } = env();
  return Boolean(SSLCOMMERZ_STORE_ID && SSLCOMMERZ_STORE_PASSWORD);
}

function credentials() {
  const { SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD, SSLCOMMERZ_BASE_URL } = env();
  if (!SSLCOMMERZ_STORE_ID || !SSLCOMMERZ_STORE_PASSWORD) throw new SslcommerzError("SSLCommerz is not configured.");
  return { storeId: SSLCOMMERZ_STORE_ID, storePassword: SSLCOMMERZ_STORE_PASSWORD, base: SSLCOMMERZ_BASE_URL };
}

export class SslcommerzError extends Error {}

const TIMEOUT_MS = 15_000;

async function call(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    logger.error({ error: (error as Error).message }, "sslcommerz unreachable");
    throw new SslcommerzError("SSLCommerz could not be reached.");
  }
  const text = await response.text();
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // not JSON: below
  }
  logger.error({ status: response.status, body: text.slice(0, 200) }, "sslcommerz answered without JSON");
  throw new SslcommerzError(`SSLCommerz answered ${response.status} without JSON.`);
}

const str = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

/** Taka as SSLCommerz writes them: "50020.00". */
export const takaText = (taka: number) => taka.toFixed(2);
/** "50020.00" → 5002000 paisa; NaN when it is not an amount. */
export const paisaOf = (amount: string) => (/^\d+(\.\d{1,2})?$/.test(amount.trim()) ? Math.round(Number(amount) * 100) : NaN);

export interface SessionInit {
  tranId: string;
  amountBdt: number;
  productName: string;
  customer: { name: string; email: string; phone: string; address: string; city: string; postcode: string; country: string };
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  /** our order id, returned in value_a */
  orderId: string;
}

/** POST gwprocess/v4/api.php: the hosted page's URL and SSLCommerz's session key. */
export async function initSession(init: SessionInit): Promise<{ gatewayPageUrl: string; sessionkey: string }> {
  const { storeId, storePassword, base } = credentials();
  const form = new URLSearchParams({
    store_id: storeId,
    store_passwd: storePassword,
    total_amount: takaText(init.amountBdt),
    currency: "BDT",
    tran_id: init.tranId,
    success_url: init.successUrl,
    fail_url: init.failUrl,
    cancel_url: init.cancelUrl,
    ipn_url: init.ipnUrl,
    shipping_method: "NO",
    num_of_item: "1",
    product_name: init.productName.slice(0, 255),
    product_category: "Travel",
    product_profile: "general",
    cus_name: init.customer.name.slice(0, 50),
    cus_email: init.customer.email.slice(0, 50),
    cus_add1: init.customer.address.slice(0, 50) || "N/A",
    cus_city: init.customer.city.slice(0, 50) || "N/A",
    cus_postcode: init.customer.postcode.slice(0, 30) || "0000",
    cus_country: init.customer.country.slice(0, 50) || "Bangladesh",
    cus_phone: init.customer.phone.slice(0, 20),
    value_a: init.orderId,
  });
  const body = await call(`${base}/gwprocess/v4/api.php`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const gatewayPageUrl = str(body.GatewayPageURL);
  if (str(body.status) !== "SUCCESS" || !gatewayPageUrl) {
    const reason = str(body.failedreason) || "no gateway page";
    logger.error({ tranId: init.tranId, reason }, "sslcommerz session not opened");
    throw new SslcommerzError(`SSLCommerz did not open the payment: ${reason}.`);
  }
  return { gatewayPageUrl, sessionkey: str(body.sessionkey) };
}

/**
 * The IPN's (and the return's) signature: md5 over the fields verify_key names plus
 * store_passwd=md5(password), sorted by name, joined as key=value&… False when it is missing or wrong.
 */
export function verifySignature(fields: Record<string, string>): boolean {
  const { verify_sign: sign, verify_key: keys } = fields;
  if (!sign || !keys || !sslcommerzConfigured()) return false;
  return signatureOf(fields, keys.split(","), credentials().storePassword) === sign.toLowerCase();
}

/** md5 of the named fields and the hashed store password, as SSLCommerz computes verify_sign. */
function signatureOf(fields: Record<string, string>, keys: string[], storePassword: string): string {
  const entries: [string, string][] = keys.filter((key) => key in fields).map((key) => [key, fields[key]!]);
  entries.push(["store_passwd", createHash("md5").update(storePassword).digest("hex")]);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("md5")
    .update(entries.map(([key, value]) => `${key}=${value}`).join("&"))
    .digest("hex");
}

/** A transaction as the validation API or the transaction query reports it. */
export interface SslcommerzTransaction {
  status: string;
  tranId: string;
  valId: string;
  /** the amount in the currency the session asked (currency_amount / currency_type) */
  amount: string;
  currency: string;
  bankTranId: string;
  cardType: string;
  cardNo: string;
  riskLevel: string;
  riskTitle: string;
  tranDate: string;
}

function transactionOf(body: Record<string, unknown>): SslcommerzTransaction {
  return {
    status: str(body.status),
    tranId: str(body.tran_id),
    valId: str(body.val_id),
    amount: str(body.currency_amount) || str(body.amount),
    currency: str(body.currency_type) || str(body.currency),
    bankTranId: str(body.bank_tran_id),
    cardType: str(body.card_type),
    cardNo: str(body.card_no),
    riskLevel: str(body.risk_level),
    riskTitle: str(body.risk_title),
    tranDate: str(body.tran_date),
  };
}

/** GET validator/api/validationserverAPI.php: status VALID, VALIDATED (asked before) or INVALID_TRANSACTION. */
export async function validate(valId: string): Promise<SslcommerzTransaction> {
  const { storeId, storePassword, base } = credentials();
  const query = new URLSearchParams({ val_id: valId, store_id: storeId, store_passwd: storePassword, v: "1", format: "json" });
  return transactionOf(await call(`${base}/validator/api/validationserverAPI.php?${query}`));
}

/**
 * GET merchantTransIDvalidationAPI.php, the one endpoint of the transaction query, the refund and its
 * status: the store's credentials added, its answer unless APIConnect is not DONE.
 */
async function merchantTransApi(params: Record<string, string>, what: "query" | "refund") {
  const { storeId, storePassword, base } = credentials();
  const query = new URLSearchParams({ ...params, store_id: storeId, store_passwd: storePassword, format: "json" });
  const body = await call(`${base}/validator/api/merchantTransIDvalidationAPI.php?${query}`);
  if (str(body.APIConnect) !== "DONE")
    throw new SslcommerzError(`SSLCommerz refused the ${what}: ${str(body.APIConnect) || "no answer"}.`);
  return body;
}

/** GET merchantTransIDvalidationAPI.php?tran_id=…: every attempt SSLCommerz has for our transaction id. */
export async function queryTransaction(tranId: string): Promise<SslcommerzTransaction[]> {
  const body = await merchantTransApi({ tran_id: tranId }, "query");
  return Array.isArray(body.element) ? (body.element as Record<string, unknown>[]).map(transactionOf) : [];
}

export interface SslcommerzRefund {
  /** "success", "processing" or "failed" when asked; "refunded", "processing" or "cancelled" when queried */
  status: string;
  refundRefId: string;
  errorReason: string;
}

/** Initiates a refund of part or all of a transaction (by its bank_tran_id); refundTransId is ours, one per refund. */
export async function initiateRefund(refund: {
  bankTranId: string;
  refundTransId: string;
  amountBdt: string;
  remarks: string;
}): Promise<SslcommerzRefund> {
  const body = await merchantTransApi(
    {
      bank_tran_id: refund.bankTranId,
      refund_trans_id: refund.refundTransId,
      refund_amount: refund.amountBdt,
      refund_remarks: refund.remarks.slice(0, 255),
      refe_id: refund.refundTransId,
      v: "1",
    },
    "refund",
  );
  return { status: str(body.status), refundRefId: str(body.refund_ref_id), errorReason: str(body.errorReason) };
}

/** Where a refund stands: refunded, processing or cancelled. */
export async function refundStatus(refundRefId: string): Promise<SslcommerzRefund> {
  const body = await merchantTransApi({ refund_ref_id: refundRefId, v: "1" }, "query");
  return { status: str(body.status), refundRefId: str(body.refund_ref_id) || refundRefId, errorReason: str(body.errorReason) };
}
