// A local bKash Tokenized Checkout (v1.2.0-beta) that behaves like the sandbox for what the site
// uses: token/grant and token/refresh (username and password headers, app_key and app_secret;
// id_token expiring after expires_in, API Gateway's 401 for an unknown or expired token), create
// (→ paymentID and bkashURL), a page whose buttons send the browser to the callbackURL with
// paymentID and status=success|failure|cancel, execute (once: 2117 the second time; bKash's error
// codes such as 2023 Insufficient Balance and 2029 Duplicate for all transactions on demand;
// 2056 before the customer confirmed), payment/status, and refund with its status. Tests reach it
// through BKASH_BASE_URL (`${url}/v1.2.0-beta`).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const BKASH_TEST = {
  appKey: "4f6o0cjiki2rfm34kfdadl1eqq",
  appSecret: "2is7hdktrekvrbljjh44ll3d9l1dtjo4pasmjvs5vl5qr3fug4b",
  username: "sandboxTokenizedUser02",
  password: "sandboxTokenizedUser02@12345",
};

const MESSAGES: Record<string, string> = {
  "2001": "Invalid App Key",
  "2002": "Invalid Payment ID",
  "2023": "Insufficient Balance",
  "2026": "The reversal amount cannot be greater than the original transaction amount",
  "2029": "Duplicate for all transactions",
  "2056": "Invalid Payment State",
  "2117": "Payment execution already been called before",
};

interface FakePayment {
  paymentID: string;
  amount: string;
  currency: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  transactionStatus: "Initiated" | "Completed" | "Failed" | "Cancelled";
  /** the customer confirmed with OTP and PIN on bKash's page */
  confirmed: boolean;
  executed: boolean;
  trxID: string | null;
  createTime: string;
  refunds: { refundTrxID: string; amount: string; sku: string }[];
}

async function readJson(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, string>;
  } catch {
    return {};
  }
}

const bkashTime = () => new Date(Date.now() + 6 * 3600_000).toISOString().replace("T", "T").slice(0, 23) + " GMT+0600";

/** `port`: a fixed port (the browser tests' server is configured before the fake starts); else any free one. */
export async function startBkashFake({ expiresIn = 3600, port = 0 } = {}) {
  const payments = new Map<string, FakePayment>();
  const tokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const calls: { path: string; body: Record<string, string> }[] = [];
  /** the next execute of a payment answers this code instead (2023, 2029), or drops the connection after completing ("drop") */
  const executeFault = new Map<string, string>();
  let url = "";

  const json = (res: ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, code: string) =>
    json(res, { statusCode: code, statusMessage: MESSAGES[code] ?? "Process failed" });

  function grant(res: ServerResponse) {
    const idToken = `eyJ${randomBytes(24).toString("base64url")}`;
    const refreshToken = `eyR${randomBytes(24).toString("base64url")}`;
    tokens.set(idToken, Date.now() + expiresIn * 1000);
    refreshTokens.add(refreshToken);
    json(res, {
      statusCode: "0000",
      statusMessage: "Successful",
      id_token: idToken,
      token_type: "Bearer",
      expires_in: expiresIn,
      refresh_token: refreshToken,
    });
  }

  function paymentJson(payment: FakePayment) {
    return {
      paymentID: payment.paymentID,
      mode: "0011",
      paymentCreateTime: payment.createTime,
      paymentExecuteTime: payment.executed ? bkashTime() : "",
      trxID: payment.trxID ?? "",
      transactionStatus: payment.transactionStatus,
      amount: payment.amount,
      currency: payment.currency,
      intent: "sale",
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      payerReference: payment.payerReference,
      customerMsisdn: "01770618575",
      statusCode: "0000",
      statusMessage: "Successful",
    };
  }

  /** What the customer does on bKash's page: where the browser goes next. */
  function complete(paymentID: string, outcome: "success" | "failure" | "cancel" = "success"): string {
    const payment = payments.get(paymentID);
    if (!payment) throw new Error(`fake bKash: no payment ${paymentID}`);
    if (outcome === "success") payment.confirmed = true;
    else payment.transactionStatus = outcome === "cancel" ? "Cancelled" : "Failed";
    const back = new URL(payment.callbackURL);
    back.searchParams.set("paymentID", paymentID);
    back.searchParams.set("status", outcome);
    back.searchParams.set("signature", randomBytes(8).toString("hex"));
    back.searchParams.set("apiVersion", "1.2.0-beta");
    return back.href;
  }

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const page = /^\/checkout\/([A-Z0-9]+)(?:\/(pay|fail|cancel))?$/.exec(path);
    if (page && req.method === "GET") {
      const payment = payments.get(page[1]!);
      if (!payment) return json(res, { message: "Not found" }, 404);
      if (page[2]) {
        const to = complete(payment.paymentID, page[2] === "pay" ? "success" : page[2] === "fail" ? "failure" : "cancel");
        res.writeHead(302, { Location: to });
        return res.end();
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      const link = (action: string, label: string) => `<p><a href="/checkout/${payment.paymentID}/${action}">${label}</a></p>`;
      return res.end(
        `<!doctype html><html><head><title>bKash Payment</title><meta name="viewport" content="width=device-width"></head><body>` +
          `<h1>bKash sandbox</h1><p>Pay ৳${payment.amount} (${payment.merchantInvoiceNumber})</p>` +
          link("pay", "Confirm") +
          link("fail", "Fail") +
          link("cancel", "Close") +
          `</body></html>`,
      );
    }
    if (req.method !== "POST") return json(res, { message: "Missing Authentication Token" }, 403);
    const body = await readJson(req);
    const route = path.replace(/^\/v1\.2\.0-beta/, "");
    calls.push({ path: route, body });

    if (route === "/tokenized/checkout/token/grant" || route === "/tokenized/checkout/token/refresh") {
      if (req.headers.username !== BKASH_TEST.username || req.headers.password !== BKASH_TEST.password)
        return json(res, { message: "Unauthorized" }, 401);
      if (body.app_key !== BKASH_TEST.appKey || body.app_secret !== BKASH_TEST.appSecret) return error(res, "2001");
      if (route.endsWith("/refresh") && !refreshTokens.has(body.refresh_token ?? ""))
        return json(res, { statusCode: "2079", statusMessage: "Invalid refresh token" });
      return grant(res);
    }
    const token = String(req.headers.authorization ?? "");
    if (!tokens.has(token) || tokens.get(token)! < Date.now())
      return json(res, { message: "The incoming token has expired" }, 401);
    if (req.headers["x-app-key"] !== BKASH_TEST.appKey) return error(res, "2001");

    if (route === "/tokenized/checkout/create") {
      if (
        body.mode !== "0011" ||
        body.intent !== "sale" ||
        !body.callbackURL ||
        !body.payerReference ||
        !body.merchantInvoiceNumber
      )
        return json(res, { statusCode: "2065", statusMessage: "Mendatory field missing" });
      if (body.currency !== "BDT") return json(res, { statusCode: "2007", statusMessage: "Invalid currency" });
      if (!/^\d+(\.\d{1,2})?$/.test(body.amount ?? "")) return json(res, { statusCode: "2006", statusMessage: "Invalid amount" });
      const paymentID = `TR0011${randomBytes(10).toString("hex").toUpperCase()}`;
      const payment: FakePayment = {
        paymentID,
        amount: body.amount!,
        currency: body.currency,
        merchantInvoiceNumber: body.merchantInvoiceNumber,
        payerReference: body.payerReference,
        callbackURL: body.callbackURL,
        transactionStatus: "Initiated",
        confirmed: false,
        executed: false,
        trxID: null,
        createTime: bkashTime(),
        refunds: [],
      };
      payments.set(paymentID, payment);
      const callback = (status: string) =>
        `${body.callbackURL}?paymentID=${paymentID}&status=${status}&signature=x&apiVersion=1.2.0-beta`;
      return json(res, {
        paymentID,
        bkashURL: `${url}/checkout/${paymentID}`,
        callbackURL: body.callbackURL,
        successCallbackURL: callback("success"),
        failureCallbackURL: callback("failure"),
        cancelledCallbackURL: callback("cancel"),
        amount: payment.amount,
        intent: "sale",
        currency: "BDT",
        paymentCreateTime: payment.createTime,
        transactionStatus: "Initiated",
        merchantInvoiceNumber: payment.merchantInvoiceNumber,
        statusCode: "0000",
        statusMessage: "Successful",
      });
    }
    const payment = payments.get(body.paymentID ?? "");
    if (route === "/tokenized/checkout/execute") {
      if (!payment) return error(res, "2002");
      if (payment.executed) return error(res, "2117");
      if (!payment.confirmed || payment.transactionStatus !== "Initiated") return error(res, "2056");
      const fault = executeFault.get(payment.paymentID);
      executeFault.delete(payment.paymentID);
      payment.executed = true;
      if (fault && fault !== "drop") {
        payment.transactionStatus = "Failed";
        return error(res, fault);
      }
      payment.transactionStatus = "Completed";
      payment.trxID = `B${randomBytes(5).toString("hex").toUpperCase()}`;
      // the money moved, but the answer never arrives
      if (fault === "drop") return req.socket.destroy();
      return json(res, paymentJson(payment));
    }
    if (route === "/tokenized/checkout/payment/status") {
      if (!payment) return error(res, "2002");
      return json(res, paymentJson(payment));
    }
    if (route === "/tokenized/checkout/payment/refund") {
      if (!payment || payment.trxID !== body.trxID) return error(res, "2002");
      if (body.amount === undefined) {
        const last = payment.refunds.at(-1);
        if (!last) return json(res, { statusCode: "2033", statusMessage: "Transaction not found" });
        return json(res, {
          originalTrxID: payment.trxID,
          refundTrxID: last.refundTrxID,
          transactionStatus: "Completed",
          amount: last.amount,
          currency: "BDT",
          charge: "0.00",
          completedTime: bkashTime(),
          statusCode: "0000",
          statusMessage: "Successful",
        });
      }
      const same = payment.refunds.find((refund) => refund.sku === body.sku && refund.amount === body.amount);
      const refunded = payment.refunds.reduce((sum, refund) => sum + Number(refund.amount), 0);
      if (!same && Number(body.amount) + refunded > Number(payment.amount) + 0.001) return error(res, "2026");
      const refund = same ?? {
        refundTrxID: `R${randomBytes(5).toString("hex").toUpperCase()}`,
        amount: body.amount,
        sku: body.sku ?? "",
      };
      if (!same) payment.refunds.push(refund);
      return json(res, {
        completedTime: bkashTime(),
        transactionStatus: "Completed",
        originalTrxID: payment.trxID,
        refundTrxID: refund.refundTrxID,
        amount: refund.amount,
        currency: "BDT",
        charge: "0.00",
        statusCode: "0000",
        statusMessage: "Successful",
      });
    }
    json(res, { message: "Missing Authentication Token" }, 403);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrl: `${url}/v1.2.0-beta`,
    calls,
    payments,
    complete,
    failNextExecute: (paymentID: string, code: "2023" | "2029" | "drop") => executeFault.set(paymentID, code),
    expireTokens: () => tokens.forEach((_, key) => tokens.set(key, 0)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
