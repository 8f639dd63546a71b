// The numbers of the agency's accounting documents: "INV-2026-000001" for a booking's invoice,
// "CN-2026-000001" for a refund's credit note, counted from 1 in each calendar year of the agency
// (Dhaka), without gaps (document-counter-store.server.ts gives them).
import type { DocumentKind } from "~/generated/prisma/enums";
import { agencyToday } from "~/platform/dates";

const PREFIX: Record<DocumentKind, string> = { INVOICE: "INV", CREDIT_NOTE: "CN" };

/** The agency's calendar year of a moment (a payment at 20:00 UTC on 31 December is in the next year in Dhaka). */
export function documentYear(at: Date): number {
  return Number(agencyToday(at).slice(0, 4));
}

/** "INV-2026-000042" (six digits at least; the millionth document of a year just grows a digit). */
export function documentNumber(kind: DocumentKind, year: number, serial: number): string {
  return `${PREFIX[kind]}-${year}-${String(serial).padStart(6, "0")}`;
}
