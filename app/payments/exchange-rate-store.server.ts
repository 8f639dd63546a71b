// The exchange rate's rows: one per change, inserted and never updated (its history).
import { db } from "~/platform/db.server";

export interface ExchangeRateEntry {
  id: string;
  bdtPerUsd: number;
  setAt: Date;
  /** who set it; null once their account is gone */
  setBy: { id: string; displayName: string | null; email: string } | null;
}

const select = {
  id: true,
  bdtPerUsd: true,
  setAt: true,
  setBy: { select: { id: true, displayName: true, email: true } },
} as const;

type Row = { id: string; bdtPerUsd: { toString(): string }; setAt: Date; setBy: ExchangeRateEntry["setBy"] };

const entry = (row: Row): ExchangeRateEntry => ({
  id: row.id,
  bdtPerUsd: Number(row.bdtPerUsd.toString()),
  setAt: row.setAt,
  setBy: row.setBy,
});

export async function insertExchangeRate(bdtPerUsd: number, setById: string | null, setAt: Date): Promise<ExchangeRateEntry> {
  const prisma = await db();
  // A fixed-point text: the DECIMAL(10,4) column gets exactly the 4 decimals the form allowed.
  const row = await prisma.exchangeRate.create({
    data: { bdtPerUsd: bdtPerUsd.toFixed(4), setAt, setById },
    select,
  });
  return entry(row);
}

/** The newest rate (the one in force), or null when none was ever set. */
export async function latestExchangeRate(): Promise<ExchangeRateEntry | null> {
  const prisma = await db();
  const row = await prisma.exchangeRate.findFirst({ orderBy: [{ setAt: "desc" }, { id: "desc" }], select });
  return row ? entry(row) : null;
}

/** The rates, newest first. */
export async function exchangeRateHistory(limit: number): Promise<ExchangeRateEntry[]> {
  const prisma = await db();
  const rows = await prisma.exchangeRate.findMany({ orderBy: [{ setAt: "desc" }, { id: "desc" }], take: limit, select });
  return rows.map(entry);
}
