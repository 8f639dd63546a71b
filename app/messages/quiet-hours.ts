// No SMS or WhatsApp between 22:00 and 08:00 in Dhaka (UTC+6 all year, no daylight saving): a
// message queued then is held until 08:00 (an urgent broadcast excepted). Email is never held.
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const QUIET_FROM_HOUR = 22;
const QUIET_UNTIL_HOUR = 8;

/** When a message queued at `now` may go: `now`, or the next 08:00 Dhaka time inside quiet hours. */
export function afterQuietHours(now: Date): Date {
  const dhaka = new Date(now.getTime() + DHAKA_OFFSET_MS);
  const hour = dhaka.getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return now;
  const morning = Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth(), dhaka.getUTCDate(), QUIET_UNTIL_HOUR);
  const next = hour >= QUIET_FROM_HOUR ? morning + 24 * HOUR_MS : morning;
  return new Date(next - DHAKA_OFFSET_MS);
}
