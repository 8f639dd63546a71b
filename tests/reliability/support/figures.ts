// The figures of a reliability run, merged into one JSON file for docs/reliability.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

const FILE = resolve(process.env.RELIABILITY_FIGURES ?? ".test-reports/reliability-figures.json");

export function recordFigures(section: string, figures: Record<string, unknown>): void {
  const all = existsSync(FILE) ? (JSON.parse(readFileSync(FILE, "utf8")) as Record<string, unknown>) : {};
  all[section] = { ...figures, recordedAt: new Date().toISOString() };
  mkdirSync(dirname(FILE), { recursive: true });
  writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`figures ${section}: ${JSON.stringify(figures)}`);
}

/** The p-th percentile (0..100) of the values, in their unit. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
