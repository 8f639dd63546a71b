// The page language's formatting for components, apart from app/components/language-context.tsx so that a page
// that formats no date does not ship the date formatters.
import { useMemo } from "react";
import { useLanguage } from "~/components/language-context";
import { formatCalendarDate, formatDate, formatDateTime, formatMonth } from "~/platform/dates";
import { formatNumber, localDigits } from "~/platform/digits";
import { dollarsAndCents, formatDollars } from "~/platform/money";

/** The page language's formatting (app/platform/dates.ts, money.ts, digits.ts): `const f = useFormat(); f.dollars(cents)`. */
export function useFormat() {
  const language = useLanguage();
  return useMemo(
    () => ({
      date: (moment: Date | string) => formatDate(moment, language),
      dateTime: (moment: Date | string) => formatDateTime(moment, language),
      calendarDate: (date: Date | string) => formatCalendarDate(date, language),
      month: (month: string) => formatMonth(month, language),
      dollars: (cents: number) => formatDollars(cents, language),
      dollarsAndCents: (cents: number) => dollarsAndCents(cents, language),
      number: (value: number) => formatNumber(value, language),
      digits: (text: string) => localDigits(text, language),
    }),
    [language],
  );
}
