import { describe, expect, it } from "vitest";
import { monthRange, orderListSearch, parseOrderListQuery, searchTerms } from "~/booking/lists/booking-list";

describe("parseOrderListQuery", () => {
  it("reads the search, filters and sort, newest first by default", () => {
    const { query, errors } = parseOrderListQuery(
      new URLSearchParams("q=%20Rina%20&payment=PAID&status=PENDING&package=cmpkg123&month=2026-11&sort=price-asc&after=abc"),
    );
    expect(errors).toEqual([]);
    expect(query).toEqual({
      filter: { q: "Rina", payment: "PAID", status: "PENDING", packageId: "cmpkg123", month: "2026-11" },
      sort: "price-asc",
      after: "abc",
    });
    expect(parseOrderListQuery(new URLSearchParams("")).query).toEqual({ filter: {}, sort: "newest" });
  });

  it("drops what is not one of ours, with a message", () => {
    const { query, errors } = parseOrderListQuery(
      new URLSearchParams("payment=free&status=x&month=2026-13&sort=random&package=a%20b"),
    );
    expect(query).toEqual({ filter: {}, sort: "newest" });
    expect(errors).toHaveLength(5);
  });

  it("the query string round-trips without the cursor", () => {
    const { query } = parseOrderListQuery(new URLSearchParams("q=das&status=EXPIRED&sort=oldest&before=xyz"));
    expect(orderListSearch(query).toString()).toBe("q=das&status=EXPIRED&sort=oldest");
  });
});

describe("helpers", () => {
  it("a month's range", () => {
    expect(monthRange("2026-11")).toEqual(["2026-11-01", "2026-12-01"]);
    expect(monthRange("2026-12")).toEqual(["2026-12-01", "2027-01-01"]);
  });

  it("phone numbers are searched as stored", () => {
    expect(searchTerms("Rina DAS")).toEqual({ text: "rina das", phone: null });
    expect(searchTerms("+880 1712-345")).toEqual({ text: "+880 1712-345", phone: "01712345" });
    expect(searchTerms("01712")).toEqual({ text: "01712", phone: "01712" });
  });
});
