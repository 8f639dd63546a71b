// Prints the layers of the run (ran with their counts, or skipped and why), then one closing line
// over every test report: "tests: N passed, N failed". A layer that says it ran but left no
// report, or a report with no test in it, fails the run.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? ".test-reports";
const layers = readFileSync(join(dir, "layers.tsv"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [name, report, state, why] = line.split("\t");
    return { name, report, state, why };
  });

/** passed, failed and skipped of a vitest or Playwright JSON report. */
function counts(file) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  if ("numPassedTests" in report) {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

const total = { passed: 0, failed: 0, skipped: 0 };
console.log("layers:");
for (const layer of layers) {
  if (layer.state === "skipped") {
    console.log(`  skipped  ${layer.name}: ${layer.why}`);
    continue;
  }
  if (layer.report === "-") {
    console.log(`  ran      ${layer.name}`);
    continue;
  }
  const file = join(dir, layer.report);
  const found = existsSync(file) ? counts(file) : { passed: 0, failed: 1, skipped: 0 };
  if (found.passed + found.failed === 0) found.failed = 1;
  for (const key of Object.keys(total)) total[key] += found[key];
  const note = existsSync(file) ? "" : " (no report: the runner did not finish)";
  console.log(
    `  ran      ${layer.name}: ${found.passed} passed, ${found.failed} failed${found.skipped ? `, ${found.skipped} skipped` : ""}${note}`,
  );
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(total.failed > 0 ? 1 : 0);
