// No two files under app/ share a name across folders (docs/decisions/0012): the check run by
// `npm run lint` reports each shared name with its files, and leaves out routes, tests, the doors
// and a folder's own pair of a rules file and its server operations.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { baseName, readAppFiles, sharedNames } from "../../scripts/check-unique-names.mjs";

const FIXTURE = fileURLToPath(new URL("./fixture/app", import.meta.url));

describe("the unique names check", () => {
  it("reports a name that two folders use, whatever the suffixes", () => {
    expect(
      sharedNames([
        "booking/documents/booking-invoices.server.ts",
        "booking/reconciliation.server.ts",
        "components/forms.tsx",
        "invoicing/invoices.server.ts",
        "payments/reconciliation.ts",
        "platform/forms.ts",
      ]),
    ).toEqual([
      { name: "reconciliation", files: ["booking/reconciliation.server.ts", "payments/reconciliation.ts"] },
      { name: "forms", files: ["components/forms.tsx", "platform/forms.ts"] },
    ]);
  });

  it("reports a name shared between two sub-folders of one capability", () => {
    expect(sharedNames(["booking/core/promo-codes.ts", "booking/promo-codes/promo-codes.server.ts"])).toEqual([
      { name: "promo-codes", files: ["booking/core/promo-codes.ts", "booking/promo-codes/promo-codes.server.ts"] },
    ]);
  });

  it("passes a rules file and its server operations in one folder", () => {
    expect(sharedNames(["booking/documents/voucher.ts", "booking/documents/voucher.server.ts", "platform/money.ts"])).toEqual([]);
    expect(baseName("booking/documents/voucher.server.ts")).toBe("voucher");
    expect(baseName("components/form-fields.tsx")).toBe("form-fields");
  });

  it("reads app/ without its routes, tests and doors", () => {
    const files = readAppFiles(FIXTURE);
    expect(files).toContain("booking/orders.server.ts");
    expect(files).toContain("booking/placing/checkout.ts");
    expect(files.filter((file) => /^routes\/|\.test\.|(^|\/)index(\.server)?\.ts$/.test(file))).toEqual([]);
    expect(sharedNames(files)).toEqual([]);
  });
});
