// Paths named in comments and documents are in the repository (docs/decisions/0012): the check run
// by `npm run lint` reports a renamed file, a relative link that leads nowhere and anything that
// points outside the repository; paths in code (not comments), prefixes and git-ignored outputs pass.
import { describe, expect, it } from "vitest";
import { brokenPaths } from "../../scripts/check-doc-paths.mjs";

const TRACKED = new Set([
  "app/booking/core/payment-plan.ts",
  "docs/decisions/0012-module-layout.md",
  "docs/api.md",
  "app/http/openapi.ts",
]);
const broken = (file: string, source: string, ignored = () => false) => brokenPaths(file, source, TRACKED, ignored);

describe("the paths named in comments and documents", () => {
  it("reports a file that was renamed, in a comment or a document", () => {
    expect(broken("app/catalogue/packages.ts", "// The money rules are app/booking/payment-plan.ts.\n")).toEqual([
      "app/catalogue/packages.ts:1: app/booking/payment-plan.ts (no such path)",
    ]);
    expect(broken("docs/features.md", "Intro\n\nSee `app/platform/mail.test.ts` and [the API](docs/apis.md).\n")).toEqual([
      "docs/features.md:3: app/platform/mail.test.ts (no such path)",
      "docs/features.md:3: docs/apis.md (no such path)",
    ]);
  });

  it("resolves a relative link from its file, and reports one that leaves the repository", () => {
    expect(broken("docs/api.md", "[openapi](../app/http/openapi.ts)\n")).toEqual([]);
    expect(broken("docs/api.md", "[openapi](../app/http/open-api.ts)\n")).toEqual([
      "docs/api.md:1: ../app/http/open-api.ts (no such path)",
    ]);
    expect(broken("docs/api.md", "[design](../../docs/DESIGN.md)\n")).toEqual([
      "docs/api.md:1: ../../docs/DESIGN.md (outside the repository)",
    ]);
  });

  it("reports the shared folder beside the clone", () => {
    expect(broken("app/booking/paying/balance-dues.server.ts", "// as the design says (../shared/DESIGN.md)\n")).toEqual([
      "app/booking/paying/balance-dues.server.ts:1: ../shared (outside the repository)",
    ]);
    expect(broken("README.md", "Read shared/DESIGN.md first.\n")).toEqual([
      "README.md:1: shared/DESIGN (outside the repository)",
    ]);
  });

  it("passes a prefix of a file, a git-ignored output and paths in code", () => {
    expect(broken("scripts/check.mjs", "// docs/decisions/0012: the rules\n")).toEqual([]);
    expect(broken("bench/run.mjs", "// writes bench/results.json\n", () => true)).toEqual([]);
    expect(broken("tests/lint/probe.test.ts", 'const file = "app/booking/nowhere.ts";\n')).toEqual([]);
  });
});
