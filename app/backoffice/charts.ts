// The dashboard's charts, computed on the server: the months shown and the bars' geometry. The
// SVG is drawn by app/components/BarChart.tsx; no chart library reaches the browser.

/** The `count` months up to the one of `now`, oldest first, as YYYY-MM (UTC). */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

/** The first day of the oldest of those months. */
export function monthsStart(months: string[]): Date {
  return new Date(`${months[0]}-01T00:00:00Z`);
}

/** One value per month, 0 where the database had no row. */
export function valuesByMonth(months: string[], rows: { month: string; value: number }[]): number[] {
  const byMonth = new Map(rows.map((row) => [row.month, row.value]));
  return months.map((month) => byMonth.get(month) ?? 0);
}

/** A round top for the scale (1, 2, 2.5 or 5 times a power of ten) at or above the largest value. */
export function niceMax(values: number[]): number {
  const largest = Math.max(0, ...values);
  if (largest === 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= largest)!;
  return step * power;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Vertical bars filling `width` x `height`, each value scaled to `max` (negative values draw as 0). */
export function barGeometry(values: number[], width: number, height: number, max: number): Bar[] {
  const slot = width / Math.max(1, values.length);
  const barWidth = slot * 0.7;
  return values.map((value, index) => {
    const barHeight = (Math.max(0, value) / max) * height;
    return { x: index * slot + (slot - barWidth) / 2, y: height - barHeight, width: barWidth, height: barHeight };
  });
}
