// The agency's taka rate (issue 39 item 3): its store and history, its age against a controllable
// clock, the settings page and the API's validation. Authorization of every caller is in
// api-contract.test.ts and authorization-matrix.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import {
  currentExchangeRate,
  getUsableExchangeRate,
  listExchangeRates,
  setExchangeRate,
  type UsableExchangeRate,
} from "~/payments/index.server";
import { db } from "~/platform/db.server";
import * as api from "~/routes/api.settings.exchange-rate";
import * as settings from "~/routes/dashboard.settings";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { callRoute, ORIGIN } from "../support/requests";

const DAY = 86_400_000;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;

beforeAll(async () => {
  admin = await createUser({ role: "ADMIN", displayName: "Rate Admin" });
  adminCookie = await signIn(admin.id);
});

const rateCount = async () => (await db()).exchangeRate.count();

function apiCall(method: string, body?: unknown, contentType = "application/json") {
  return callRoute(
    method === "GET" ? api.loader : api.action,
    new Request(`${ORIGIN}/api/settings/exchange-rate`, {
      method,
      headers: { Cookie: adminCookie, Origin: ORIGIN, ...(body !== undefined ? { "Content-Type": contentType } : {}) },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

describe("before any rate is set", () => {
  it("taka cannot be charged: reason none, with the customer's message", async () => {
    const usable: UsableExchangeRate = await getUsableExchangeRate();
    expect(usable).toEqual({
      ok: false,
      reason: "none",
      message:
        "Paying in taka is not available yet: the agency has not set its exchange rate. Please choose another way to pay, or try again later.",
    });
    expect(await currentExchangeRate()).toBeNull();
  });

  it("GET /api/settings/exchange-rate answers 404", async () => {
    const answer = await apiCall("GET");
    expect(answer.status).toBe(404);
    expect(answer.data).toEqual({ error: "No exchange rate has been set." });
  });

  it("the settings page says no rate is set, and that taka payments are off", async () => {
    const answer = await callRoute<{
      exchangeRate: { current: unknown; unusable: string; maxAgeDays: number; history: unknown[] };
    }>(settings.loader, authedGet("/dashboard/settings", adminCookie));
    expect(answer.status).toBe(200);
    expect(answer.data.exchangeRate).toEqual({ current: null, unusable: "none", maxAgeDays: 7, history: [] });
  });
});

describe("a rate set", () => {
  it("is usable for EXCHANGE_RATE_MAX_AGE_DAYS days, then stale until a new one is set", async () => {
    const setAt = new Date(Date.now() - 30 * DAY);
    const entry = await setExchangeRate(118.25, admin.id, setAt);
    expect(entry).toMatchObject({ bdtPerUsd: 118.25, setAt, setBy: { id: admin.id, displayName: "Rate Admin" } });
    expect(await getUsableExchangeRate(setAt)).toEqual({ ok: true, bdtPerUsd: 118.25, setAt });
    expect(await getUsableExchangeRate(new Date(setAt.getTime() + 7 * DAY))).toEqual({ ok: true, bdtPerUsd: 118.25, setAt });
    const stale = await getUsableExchangeRate(new Date(setAt.getTime() + 7 * DAY + 1));
    expect(stale).toEqual({
      ok: false,
      reason: "stale",
      message:
        "Paying in taka is paused: the agency's exchange rate is out of date. Please choose another way to pay, or try again later.",
    });
    // today (30 days later) it is stale too, and the settings page warns
    expect(await getUsableExchangeRate()).toMatchObject({ ok: false, reason: "stale" });
    const page = await callRoute<{ exchangeRate: { unusable: string } }>(
      settings.loader,
      authedGet("/dashboard/settings", adminCookie),
    );
    expect(page.data.exchangeRate.unusable).toBe("stale");
  });

  it("keeps 4 decimals exactly as a DECIMAL, and the newest rate is the one in force", async () => {
    const now = new Date();
    await setExchangeRate(121.1234, admin.id, new Date(now.getTime() - 2000));
    await setExchangeRate(122.5, null, new Date(now.getTime() - 1000));
    expect(await getUsableExchangeRate(now)).toMatchObject({ ok: true, bdtPerUsd: 122.5 });
    const history = await listExchangeRates();
    expect(history.map((rate) => rate.bdtPerUsd)).toEqual([122.5, 121.1234, 118.25]);
    expect(history[0].setBy).toBeNull();
    const [raw] = await (
      await db()
    ).$queryRaw<
      { text: string }[]
    >`SELECT "bdtPerUsd"::text AS text FROM "ExchangeRate" WHERE "bdtPerUsd" < 121.2 AND "bdtPerUsd" > 121`;
    expect(raw.text).toBe("121.1234");
  });

  it("refuses a rate that is not a positive number, in the server function too", async () => {
    const before = await rateCount();
    await expect(setExchangeRate(0, admin.id)).rejects.toThrow(/bdtPerUsd/);
    await expect(setExchangeRate(Number.NaN, admin.id)).rejects.toThrow(/bdtPerUsd/);
    expect(await rateCount()).toBe(before);
  });
});

describe("the settings page", () => {
  it("sets the rate from the form (Bengali digits too) and shows it with its date and history", async () => {
    const answer = await callRoute<{ section: string; saved: number }>(
      settings.action,
      authedPost("/dashboard/settings", { section: "exchange-rate", bdtPerUsd: "১২৩.৭৫" }, adminCookie),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ section: "exchange-rate", saved: 123.75 });
    const page = await callRoute<{
      exchangeRate: {
        current: { bdtPerUsd: number; setAt: string; setBy: string };
        unusable: null;
        history: { bdtPerUsd: number }[];
      };
    }>(settings.loader, authedGet("/dashboard/settings", adminCookie));
    expect(page.data.exchangeRate.current).toMatchObject({ bdtPerUsd: 123.75, setBy: "Rate Admin" });
    expect(Date.now() - Date.parse(page.data.exchangeRate.current.setAt)).toBeLessThan(60_000);
    expect(page.data.exchangeRate.unusable).toBeNull();
    expect(page.data.exchangeRate.history[0].bdtPerUsd).toBe(123.75);
    expect(page.data.exchangeRate.history.length).toBeGreaterThanOrEqual(4);
  });

  it("keeps what was typed and names the field when the rate is invalid, writing nothing", async () => {
    const before = await rateCount();
    const answer = await callRoute<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> } }>(
      settings.action,
      authedPost("/dashboard/settings", { section: "exchange-rate", bdtPerUsd: "12250,5x" }, adminCookie),
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.data.result.error)).toEqual(["bdtPerUsd"]);
    expect(answer.data.result.initialValue.bdtPerUsd).toBe("12250,5x");
    expect(await rateCount()).toBe(before);
  });

  it("refuses a form of no known section", async () => {
    const answer = await callRoute(
      settings.action,
      authedPost("/dashboard/settings", { section: "nope", bdtPerUsd: "1" }, adminCookie),
    );
    expect(answer.status).toBe(400);
  });
});

describe("the API", () => {
  it("PUT sets the rate and GET answers it, with setAt as ISO", async () => {
    const put = await apiCall("PUT", { bdtPerUsd: 124 });
    expect(put.status).toBe(200);
    expect(put.data).toEqual({ bdtPerUsd: 124, setAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    const get = await apiCall("GET");
    expect(get.data).toEqual(put.data);
    expect((await getUsableExchangeRate()).ok).toBe(true);
  });

  it("answers 400 naming bdtPerUsd for a bad or missing rate, in Bengali when asked", async () => {
    const before = await rateCount();
    for (const body of [{}, { bdtPerUsd: "abc" }, { bdtPerUsd: -5 }, { bdtPerUsd: 5000 }, { rate: 122 }]) {
      const answer = await apiCall("PUT", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((answer.data as { details: object }).details)).toContain("bdtPerUsd");
    }
    const bengali = await callRoute(
      api.action,
      new Request(`${ORIGIN}/api/settings/exchange-rate`, {
        method: "PUT",
        headers: { Cookie: adminCookie, Origin: ORIGIN, "Content-Type": "application/json", "Accept-Language": "bn" },
        body: JSON.stringify({ bdtPerUsd: 0 }),
      }),
    );
    expect(bengali.status).toBe(400);
    expect((bengali.data as { error: string }).error).toMatch(/^bdtPerUsd হবে এক মার্কিন ডলারে কত টাকা/);
    expect(await rateCount()).toBe(before);
  });
});
