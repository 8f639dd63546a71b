// A local SSLCommerz (API v4) that behaves like the sandbox for what the site uses: session init
// (gwprocess/v4/api.php → GatewayPageURL, FAILED with failedreason on bad credentials or fields), a
// hosted page whose Pay / Fail / Cancel buttons post back to success_url / fail_url / cancel_url
// with the fields and verify_sign SSLCommerz sends (and the IPN to ipn_url when paid), the
// validation API (VALID, then VALIDATED; INVALID_TRANSACTION for an unknown val_id), the
// transaction query by tran_id, and the refund and its status (merchantTransIDvalidationAPI.php).
// Tests reach it through SSLCOMMERZ_BASE_URL; they can also pay a session without a browser.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const SSL_STORE_ID = "testbox";
export const SSL_STORE_PASSWORD = "qwerty";

interface FakeTransaction {
  tranId: string;
  sessionkey: string;
  amount: string;
  currency: string;
  urls: { success: string; fail: string; cancel: string; ipn: string | null };
  valueA: string;
  status: "PENDING" | "VALID" | "VALIDATED" | "FAILED" | "CANCELLED";
  valId: string | null;
  bankTranId: string | null;
  riskLevel: "0" | "1";
  cardType: string;
  tranDate: string;
  refunds: { refundRefId: string; refundTransId: string; amount: string; status: "success" | "processing" | "failed" }[];
}

export type RefundMode = "success" | "processing" | "failed";

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** verify_sign over the named fields, as SSLCommerz computes it. */
export function sslSign(fields: Record<string, string>, password = SSL_STORE_PASSWORD): Record<string, string> {
  const keys = Object.keys(fields).filter((key) => !["verify_sign", "verify_key", "verify_sign_sha2"].includes(key));
  const entries = keys.map((key) => [key, fields[key]!] as const).concat([["store_passwd", md5(password)]]);
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const sign = md5(sorted.map(([key, value]) => `${key}=${value}`).join("&"));
  return { ...fields, verify_sign: sign, verify_key: keys.join(",") };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function postForm(res: ServerResponse, url: string, fields: Record<string, string>, label: string) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join("");
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html><head><title>SSLCommerz</title></head><body><form id="back" method="post" action="${escape(url)}">${inputs}` +
      `<button type="submit">${escape(label)}</button></form><script>document.getElementById("back").submit()</script></body></html>`,
  );
}

/** `port`: a fixed port (the browser tests' server is configured before the fake starts); else any free one. */
export async function startSslcommerzFake({ port = 0 }: { port?: number } = {}) {
  const transactions = new Map<string, FakeTransaction>();
  const bySession = new Map<string, FakeTransaction>();
  const byValId = new Map<string, FakeTransaction>();
  const byRefund = new Map<string, FakeTransaction["refunds"][number]>();
  const calls: { path: string; params: Record<string, string> }[] = [];
  let refundMode: RefundMode = "success";
  let autoIpn = true;
  let validationDown = false;
  /** amount/currency the gateway reports instead of the session's (a tampered or mismatched payment) */
  const reportAs = new Map<string, { amount?: string; currency?: string }>();
  let baseUrl = "";

  function fieldsOf(transaction: FakeTransaction): Record<string, string> {
    const reported = reportAs.get(transaction.tranId) ?? {};
    const paid = transaction.status === "VALID" || transaction.status === "VALIDATED";
    return {
      status: paid ? "VALID" : transaction.status,
      tran_date: transaction.tranDate,
      tran_id: transaction.tranId,
      val_id: transaction.valId ?? "",
      amount: reported.amount ?? transaction.amount,
      store_amount: (Number(reported.amount ?? transaction.amount) * 0.975).toFixed(2),
      currency: reported.currency ?? transaction.currency,
      bank_tran_id: transaction.bankTranId ?? "",
      card_type: transaction.cardType,
      card_no: transaction.cardType.startsWith("VISA") ? "432149XXXXXX0667" : "",
      card_issuer: "STANDARD CHARTERED BANK",
      card_brand: "VISA",
      card_issuer_country: "Bangladesh",
      card_issuer_country_code: "BD",
      currency_type: reported.currency ?? transaction.currency,
      currency_amount: reported.amount ?? transaction.amount,
      currency_rate: "1.0000",
      base_fair: "0.00",
      value_a: transaction.valueA,
      value_b: "",
      value_c: "",
      value_d: "",
      risk_level: transaction.riskLevel,
      risk_title: transaction.riskLevel === "1" ? "Risky" : "Safe",
    };
  }

  /** The customer pays (or fails, or cancels) on the hosted page: what SSLCommerz then posts back, signed. */
  function complete(key: string, outcome: "success" | "fail" | "cancel" = "success", risk: "0" | "1" = "0") {
    const transaction = bySession.get(key) ?? transactions.get(key);
    if (!transaction) throw new Error(`fake SSLCommerz: no session ${key}`);
    if (outcome === "success") {
      transaction.status = "VALID";
      transaction.valId ??= `${new Date().toISOString().slice(2, 10).replace(/-/g, "")}${randomBytes(6).toString("hex")}`;
      transaction.bankTranId ??= `${Date.now()}${randomBytes(3).toString("hex")}`;
      transaction.riskLevel = risk;
      byValId.set(transaction.valId, transaction);
    } else transaction.status = outcome === "fail" ? "FAILED" : "CANCELLED";
    const fields = sslSign(fieldsOf(transaction));
    const url =
      outcome === "success" ? transaction.urls.success : outcome === "fail" ? transaction.urls.fail : transaction.urls.cancel;
    return { fields, url, ipnUrl: transaction.urls.ipn, transaction };
  }

  async function sendIpn(url: string, fields: Record<string, string>) {
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }).catch(() => undefined);
  }

  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", baseUrl);
    const params: Record<string, string> =
      req.method === "POST" ? Object.fromEntries(new URLSearchParams(await readBody(req))) : Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, params });
    const authed = params.store_id === SSL_STORE_ID && params.store_passwd === SSL_STORE_PASSWORD;

    if (url.pathname === "/gwprocess/v4/api.php" && req.method === "POST") {
      if (!authed) return json(res, { status: "FAILED", failedreason: "Store Credential Error Or Store is De-active" });
      const required = [
        "total_amount",
        "currency",
        "tran_id",
        "success_url",
        "fail_url",
        "cancel_url",
        "cus_name",
        "cus_email",
        "cus_phone",
        "product_name",
        "product_category",
        "product_profile",
      ];
      const missing = required.filter((name) => !params[name]);
      if (missing.length)
        return json(res, { status: "FAILED", failedreason: `Invalid Information: ${missing.join(", ")} missing` });
      const amount = Number(params.total_amount);
      if (!(amount >= 10 && amount <= 500000))
        return json(res, { status: "FAILED", failedreason: "Invalid Information: total_amount must be 10 to 500000" });
      if (transactions.has(params.tran_id!)) {
        const existing = transactions.get(params.tran_id!)!;
        return json(res, {
          status: "SUCCESS",
          failedreason: "",
          sessionkey: existing.sessionkey,
          GatewayPageURL: `${baseUrl}/EasyCheckOut/test${existing.sessionkey}`,
        });
      }
      const sessionkey = randomBytes(16).toString("hex").toUpperCase();
      const transaction: FakeTransaction = {
        tranId: params.tran_id!,
        sessionkey,
        amount: amount.toFixed(2),
        currency: params.currency!,
        urls: { success: params.success_url!, fail: params.fail_url!, cancel: params.cancel_url!, ipn: params.ipn_url || null },
        valueA: params.value_a ?? "",
        status: "PENDING",
        valId: null,
        bankTranId: null,
        riskLevel: "0",
        cardType: "VISA-Dutch Bangla",
        tranDate: new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 19).replace("T", " "),
        refunds: [],
      };
      transactions.set(transaction.tranId, transaction);
      bySession.set(sessionkey, transaction);
      return json(res, {
        status: "SUCCESS",
        failedreason: "",
        sessionkey,
        gw: {
          visa: "city_visa,ebl_visa,visacard",
          master: "city_master,ebl_master",
          amex: "city_amex",
          othercards: "qcash",
          internetbanking: "city,bankasia,ibbl",
          mobilebanking: "bkash,dbblmobilebanking,nagad",
        },
        redirectGatewayURL: `${baseUrl}/gwprocess/v4/bankgw/indexhtmlOTP.php?mamount=${transaction.amount}&ssl_id=${sessionkey}&Q=REDIRECT&SESSIONKEY=${sessionkey}&tran_type=success&cardname=`,
        GatewayPageURL: `${baseUrl}/EasyCheckOut/test${sessionkey}`,
        storeBanner: "",
        storeLogo: "",
        desc: [],
        is_direct_pay_enable: "0",
      });
    }

    const hosted = /^\/EasyCheckOut\/test([0-9A-F]+)(?:\/(pay|fail|cancel|risky))?$/.exec(url.pathname);
    if (hosted) {
      const transaction = bySession.get(hosted[1]!);
      if (!transaction) {
        res.writeHead(404, { "Content-Type": "text/html" });
        return res.end("<p>Session expired</p>");
      }
      if (!hosted[2]) {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        const button = (action: string, label: string) =>
          `<form method="post" action="/EasyCheckOut/test${transaction.sessionkey}/${action}"><button type="submit">${label}</button></form>`;
        return res.end(
          `<!doctype html><html><head><title>SSLCommerz sandbox</title><meta name="viewport" content="width=device-width"></head><body>` +
            `<h1>SSLCommerz sandbox</h1><p>Pay BDT ${transaction.amount} (${escape(transaction.tranId)})</p>` +
            button("pay", "Pay") +
            button("risky", "Pay (risky card)") +
            button("fail", "Fail") +
            button("cancel", "Cancel") +
            `</body></html>`,
        );
      }
      const outcome = hosted[2] === "pay" || hosted[2] === "risky" ? "success" : (hosted[2] as "fail" | "cancel");
      const done = complete(transaction.sessionkey, outcome, hosted[2] === "risky" ? "1" : "0");
      // SSLCommerz sends the IPN itself, whatever the browser does next.
      if (autoIpn && done.ipnUrl && outcome === "success") void sendIpn(done.ipnUrl, done.fields);
      return postForm(res, done.url, done.fields, "Back to the merchant");
    }

    if (url.pathname === "/validator/api/validationserverAPI.php") {
      if (validationDown) {
        res.writeHead(503);
        return res.end("Service Unavailable");
      }
      if (!authed) return json(res, { status: "INVALID_TRANSACTION", APIConnect: "INVALID_REQUEST" });
      const transaction = byValId.get(params.val_id ?? "");
      if (!transaction || (transaction.status !== "VALID" && transaction.status !== "VALIDATED"))
        return json(res, { status: "INVALID_TRANSACTION", APIConnect: "DONE" });
      const fields = fieldsOf(transaction);
      const status = transaction.status;
      transaction.status = "VALIDATED";
      return json(res, { ...fields, status, validated_on: new Date().toISOString(), gw_version: "", APIConnect: "DONE" });
    }

    if (url.pathname === "/validator/api/merchantTransIDvalidationAPI.php") {
      if (!authed) return json(res, { APIConnect: "INVALID_REQUEST" });
      if (params.refund_ref_id) {
        const refund = byRefund.get(params.refund_ref_id);
        if (!refund) return json(res, { APIConnect: "DONE", status: "failed", errorReason: "Invalid refund_ref_id" });
        const transaction = [...transactions.values()].find((candidate) => candidate.refunds.includes(refund))!;
        const status = refund.status === "success" ? "refunded" : refund.status === "processing" ? "processing" : "cancelled";
        return json(res, {
          APIConnect: "DONE",
          bank_tran_id: transaction.bankTranId,
          tran_id: transaction.tranId,
          refund_ref_id: refund.refundRefId,
          initiated_on: new Date().toISOString(),
          refunded_on: status === "refunded" ? new Date().toISOString() : "",
          status,
          errorReason: status === "cancelled" ? "Refund rejected by the bank" : "",
        });
      }
      if (params.bank_tran_id && params.refund_amount) {
        const transaction = [...transactions.values()].find((candidate) => candidate.bankTranId === params.bank_tran_id);
        if (!transaction) return json(res, { APIConnect: "DONE", status: "failed", errorReason: "Invalid bank_tran_id" });
        const same = transaction.refunds.find((refund) => refund.refundTransId === (params.refund_trans_id ?? params.refe_id));
        if (same)
          return json(res, {
            APIConnect: "DONE",
            bank_tran_id: transaction.bankTranId,
            trans_id: transaction.tranId,
            refund_ref_id: same.refundRefId,
            status: same.status,
            errorReason: "",
          });
        const refunded = transaction.refunds
          .filter((refund) => refund.status !== "failed")
          .reduce((sum, refund) => sum + Number(refund.amount), 0);
        if (refundMode === "failed" || Number(params.refund_amount) + refunded > Number(transaction.amount) + 0.001)
          return json(res, {
            APIConnect: "DONE",
            bank_tran_id: transaction.bankTranId,
            trans_id: transaction.tranId,
            refund_ref_id: "",
            status: "failed",
            errorReason:
              refundMode === "failed"
                ? "Refund is not allowed for this transaction"
                : "Refund amount exceeds the transaction amount",
          });
        const refund = {
          refundRefId: `RF${randomBytes(6).toString("hex")}`,
          refundTransId: params.refund_trans_id ?? params.refe_id ?? "",
          amount: params.refund_amount,
          status: refundMode,
        };
        transaction.refunds.push(refund);
        byRefund.set(refund.refundRefId, refund);
        return json(res, {
          APIConnect: "DONE",
          bank_tran_id: transaction.bankTranId,
          trans_id: transaction.tranId,
          refund_ref_id: refund.refundRefId,
          status: refund.status,
          errorReason: "",
        });
      }
      if (params.tran_id) {
        const transaction = transactions.get(params.tran_id);
        if (!transaction || transaction.status === "PENDING")
          return json(res, { APIConnect: "DONE", no_of_trans_found: 0, element: [] });
        const fields = fieldsOf(transaction);
        return json(res, {
          APIConnect: "DONE",
          no_of_trans_found: 1,
          element: [{ ...fields, status: transaction.status, validated_on: "", APIConnect: "DONE" }],
        });
      }
      return json(res, { APIConnect: "INVALID_REQUEST" });
    }
    res.writeHead(404);
    res.end("Not found");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    calls,
    transactions,
    complete,
    sendIpn,
    /** what the gateway reports for a transaction, instead of what was asked */
    reportAs: (tranId: string, value: { amount?: string; currency?: string }) => reportAs.set(tranId, value),
    setRefundMode: (mode: RefundMode) => {
      refundMode = mode;
    },
    /** settle a processing refund as the bank did */
    settleRefund: (refundRefId: string, status: "success" | "failed") => {
      const refund = byRefund.get(refundRefId);
      if (refund) refund.status = status;
    },
    setAutoIpn: (on: boolean) => {
      autoIpn = on;
    },
    setValidationDown: (down: boolean) => {
      validationDown = down;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SslcommerzFake = Awaited<ReturnType<typeof startSslcommerzFake>>;
