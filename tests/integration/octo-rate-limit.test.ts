// The OCTO API's rate limit is per key (RATE_LIMIT_OCTO_MAX calls a minute): a key over it gets 429
// with Retry-After, while another key, even of the same reseller, still gets through.
import { describe, expect, it } from "vitest";
import { createReseller, createResellerKey } from "~/distribution/index.server";
import * as supplier from "~/routes/octo.supplier";
import { getRequest } from "../support/requests";

// Before the configuration is first read.
process.env.RATE_LIMIT_OCTO_MAX = "3";

const ask = (key: string) =>
  supplier.loader({
    request: getRequest("/octo/supplier", { headers: { Authorization: `Bearer ${key}` } }),
    params: {},
    context: {},
  });

describe("the OCTO rate limit", () => {
  it("refuses a key's calls above the limit, and only that key's", async () => {
    const reseller = await createReseller({
      name: "Busy Poller",
      email: "poll@busy.example",
      commissionPercent: 10,
      active: true,
    });
    const first = (await createResellerKey(reseller.id))!.key;
    const second = (await createResellerKey(reseller.id))!.key;
    for (let call = 0; call < 3; call++) expect((await ask(first)).status).toBe(200);
    const refused = await ask(first);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: "TOO_MANY_REQUESTS",
      errorMessage: "Too many requests with this API key. Please slow down.",
    });
    expect((await ask(second)).status).toBe(200);
  });
});
