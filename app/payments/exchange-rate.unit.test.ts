import { describe, expect, it } from "vitest";
// Through the door, as the gateways use them.
import { exchangeRateInputSchema, formatRate, formatTaka, isRateStale, takaConversion, toTaka } from "~/payments";
import { RATE_FIELD_MESSAGE } from "~/payments/exchange-rate";
import { parseEnv } from "~/platform/env.server";
import { translator } from "~/platform/i18n.server";

describe("toTaka: whole taka, rounded up", () => {
  it("converts the issue's example exactly", () => {
    expect(toTaka(41_000, 122)).toBe(50_020);
    expect(toTaka(0, 122)).toBe(0);
  });

  it("rounds any poisha up to the next taka, never down", () => {
    // $410.37 × 122.5 = ৳50,270.325
    expect(toTaka(41_037, 122.5)).toBe(50_271);
    // $0.01 × 122 = ৳1.22
    expect(toTaka(1, 122)).toBe(2);
    // exact products stay exact: $12.50 × 120 = ৳1,500
    expect(toTaka(1_250, 120)).toBe(1_500);
  });

  it("does not let floating point move a taka", () => {
    // 0.1 + 0.2 style rates: 119.9999 and 122.0001 with 4 decimals
    expect(toTaka(100, 119.9999)).toBe(120); // ৳119.9999 → 120
    expect(toTaka(100_000, 122.0001)).toBe(122_001); // $1,000 × 122.0001 = ৳122,000.1 → 122,001
    expect(toTaka(100_000, 122.1)).toBe(122_100); // 122.1 is not exact in binary; the product is
    expect(toTaka(30_000, 116.7)).toBe(35_010);
  });

  it("refuses what is not an amount or a rate", () => {
    expect(() => toTaka(-1, 122)).toThrow(RangeError);
    expect(() => toTaka(1.5, 122)).toThrow(RangeError);
    expect(() => toTaka(100, 0)).toThrow(RangeError);
    expect(() => toTaka(100, Number.NaN)).toThrow(RangeError);
  });
});

describe("the texts", () => {
  it("writes taka and the rate in the reader's digits", () => {
    expect(formatTaka(50_020)).toBe("৳50,020");
    expect(formatTaka(5_002_000)).toBe("৳5,002,000");
    expect(formatTaka(50_020, "bn")).toBe("৳৫০,০২০");
    expect(formatTaka(5_002_000, "bn")).toBe("৳৫০,০২,০০০");
    expect(formatRate(122)).toBe("৳122/$");
    expect(formatRate(122.5)).toBe("৳122.5/$");
    expect(formatRate(122.5, "bn")).toBe("৳১২২.৫/$");
  });

  it('says "$410 = ৳50,020 at ৳122/$" in English and in Bengali', () => {
    expect(takaConversion(41_000, 122, translator("en"))).toBe("$410 = ৳50,020 at ৳122/$");
    expect(takaConversion(41_000, 122, translator("bn"))).toBe("$৪১০ = ৳৫০,০২০ (৳১২২/$ হারে)");
    expect(takaConversion(41_037, 122.5, translator("en"))).toBe("$410.37 = ৳50,271 at ৳122.5/$");
  });
});

describe("the rate's input", () => {
  const parse = (bdtPerUsd: unknown) => exchangeRateInputSchema.safeParse({ bdtPerUsd });

  it("takes a number, or a form's text with Bengali digits or a comma", () => {
    expect(parse(122.5)).toMatchObject({ success: true, data: { bdtPerUsd: 122.5 } });
    expect(parse("122.5")).toMatchObject({ success: true, data: { bdtPerUsd: 122.5 } });
    expect(parse(" ১২২.৫ ")).toMatchObject({ success: true, data: { bdtPerUsd: 122.5 } });
    expect(parse("1,000")).toMatchObject({ success: true, data: { bdtPerUsd: 1000 } });
    expect(parse(122.1234)).toMatchObject({ success: true });
  });

  it("refuses anything else, naming the field", () => {
    for (const bad of [0, -1, 1000.5, 122.12345, "abc", "", "1e2", "12 2", null, undefined, Number.POSITIVE_INFINITY]) {
      const result = parse(bad);
      expect(result.success, String(bad)).toBe(false);
      if (!result.success) {
        expect(result.error.issues[0].path).toEqual(["bdtPerUsd"]);
        expect(result.error.issues[0].message).toBe(RATE_FIELD_MESSAGE);
      }
    }
  });

  it("has the API's message in Bengali too", () => {
    expect(translator("en").t("api.error.rateInvalid")).toBe(RATE_FIELD_MESSAGE);
  });
});

describe("the rate's age", () => {
  const setAt = new Date("2026-11-01T06:00:00Z");
  it("is usable up to EXCHANGE_RATE_MAX_AGE_DAYS days after it was set, to the millisecond", () => {
    expect(isRateStale(setAt, new Date("2026-11-08T06:00:00Z"), 7)).toBe(false);
    expect(isRateStale(setAt, new Date("2026-11-08T06:00:00.001Z"), 7)).toBe(true);
    expect(isRateStale(setAt, setAt, 1)).toBe(false);
  });

  it("EXCHANGE_RATE_MAX_AGE_DAYS defaults to 7 and must be a whole number of days from 1 to 365", () => {
    expect(parseEnv({}).EXCHANGE_RATE_MAX_AGE_DAYS).toBe(7);
    expect(parseEnv({ EXCHANGE_RATE_MAX_AGE_DAYS: "3" }).EXCHANGE_RATE_MAX_AGE_DAYS).toBe(3);
    for (const bad of ["0", "1.5", "abc", "366"]) {
      expect(() => parseEnv({ EXCHANGE_RATE_MAX_AGE_DAYS: bad }), bad).toThrow(/EXCHANGE_RATE_MAX_AGE_DAYS/);
    }
  });

  it("the merchant numbers are Bangladeshi mobile numbers when set", () => {
    expect(parseEnv({ BKASH_MERCHANT_NUMBER: "01711-000000" }).BKASH_MERCHANT_NUMBER).toBe("01711-000000");
    expect(parseEnv({}).NAGAD_MERCHANT_NUMBER).toBeUndefined();
    expect(() => parseEnv({ NAGAD_MERCHANT_NUMBER: "12345" })).toThrow(/NAGAD_MERCHANT_NUMBER/);
  });
});
