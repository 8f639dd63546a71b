// The orders lists' query (Manage All Orders, My Orders, the orders CSV): search, filters and sort
// read from the query string of a GET form. A value that is not one of ours is dropped with a
// message, so an old or hand-edited link still shows a page.
import { BOOKING_STATUSES, type BookingStatusName } from "~/booking/core/booking-status";

export const ORDER_PAGE_SIZE = 25;

/** Up to this many packages the filter is a select; beyond, a field for the start of the title. */
export const PACKAGE_SELECT_MAX = 100;

export const PAYMENT_STATUSES = ["UNPAID", "PROCESSING", "PARTLY_PAID", "PAID", "FAILED"] as const;
export type PaymentStatusName = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatusName, string> = {
  UNPAID: "Unpaid",
  PROCESSING: "Processing",
  // a deposit (or part of it) paid, a balance left
  PARTLY_PAID: "Partly paid",
  PAID: "Paid",
  FAILED: "Failed",
};

/** Deposit bookings by their balance: still to pay by its day, or past its day and unpaid (cancelled after BALANCE_GRACE_DAYS). */
export const BALANCE_FILTERS = ["due", "overdue"] as const;
export type BalanceFilter = (typeof BALANCE_FILTERS)[number];
export const BALANCE_FILTER_LABELS: Record<BalanceFilter, string> = {
  due: "Balance due",
  overdue: "Overdue",
};

export const ORDER_SORTS = ["newest", "oldest", "price-desc", "price-asc"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  "price-desc": "Price: high to low",
  "price-asc": "Price: low to high",
};

export interface OrderListFilter {
  /** customer name, email, phone, order number or booking reference (a prefix of any) */
  q?: string;
  payment?: PaymentStatusName;
  status?: BookingStatusName;
  balance?: BalanceFilter;
  packageId?: string;
  /** the start of a package's title (the filter of an agency with more packages than a select can list) */
  packageName?: string;
  /** travel month, YYYY-MM */
  month?: string;
  /** the channel: "website", or a reseller's id (its bookings only) */
  channel?: string;
}

/** The channel filter's value for the website's own bookings (a reseller is chosen by its id). */
export const WEBSITE_CHANNEL = "website";

export interface OrderListQuery {
  filter: OrderListFilter;
  sort: OrderSort;
  /** the cursor of a Next (after) or Previous (before) link, still encoded */
  after?: string;
  before?: string;
}

const Q_MAX = 100;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

export function parseOrderListQuery(params: URLSearchParams): { query: OrderListQuery; errors: string[] } {
  const errors: string[] = [];
  const filter: OrderListFilter = {};
  const q = params.get("q")?.trim() ?? "";
  if (q.length > Q_MAX) errors.push(`The search can be at most ${Q_MAX} characters.`);
  else if (q && !q.includes("\u0000")) filter.q = q;
  const read = <T extends string>(name: string, allowed: readonly T[], what: string) => {
    const raw = params.get(name) ?? "";
    if (!raw) return undefined;
    const value = pick(raw, allowed);
    if (!value) errors.push(`Unknown ${what}: ${raw.slice(0, 40)}.`);
    return value;
  };
  filter.payment = read("payment", PAYMENT_STATUSES, "payment status");
  filter.status = read("status", BOOKING_STATUSES, "booking status");
  filter.balance = read("balance", BALANCE_FILTERS, "balance filter");
  const packageId = params.get("package") ?? "";
  if (packageId && ID.test(packageId)) filter.packageId = packageId;
  else if (packageId) errors.push("Unknown package.");
  const packageName = params.get("packageName")?.trim() ?? "";
  if (packageName.length > Q_MAX) errors.push(`The package name can be at most ${Q_MAX} characters.`);
  else if (packageName && !packageName.includes("\u0000")) filter.packageName = packageName;
  const month = params.get("month") ?? "";
  if (month && MONTH.test(month)) filter.month = month;
  else if (month) errors.push("The travel month must look like 2026-11.");
  const channel = params.get("channel") ?? "";
  if (channel && ID.test(channel)) filter.channel = channel;
  else if (channel) errors.push("Unknown channel.");
  const sort = read("sort", ORDER_SORTS, "sort") ?? "newest";
  for (const key of Object.keys(filter) as (keyof OrderListFilter)[]) if (filter[key] === undefined) delete filter[key];
  const query: OrderListQuery = { filter, sort };
  const after = params.get("after");
  const before = params.get("before");
  if (after) query.after = after;
  else if (before) query.before = before;
  return { query, errors };
}

/** The query string of a list with this filter and sort (no cursor): for links and the CSV. */
export function orderListSearch({ filter, sort }: Pick<OrderListQuery, "filter" | "sort">): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.payment) params.set("payment", filter.payment);
  if (filter.status) params.set("status", filter.status);
  if (filter.balance) params.set("balance", filter.balance);
  if (filter.packageId) params.set("package", filter.packageId);
  if (filter.packageName) params.set("packageName", filter.packageName);
  if (filter.month) params.set("month", filter.month);
  if (filter.channel) params.set("channel", filter.channel);
  if (sort !== "newest") params.set("sort", sort);
  return params;
}

/** [first day, first day of the next month) of a YYYY-MM month, as YYYY-MM-DD. */
export function monthRange(month: string): [string, string] {
  const [, year, mm] = MONTH.exec(month) ?? [];
  const y = Number(year);
  const m = Number(mm);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  return [`${month}-01`, `${next}-01`];
}

/**
 * The search as the database compares it: lower case for names, emails and order numbers; a phone
 * number without spaces or dashes, and a +880 / 880 country code read as the local leading 0.
 */
export function searchTerms(q: string): { text: string; phone: string | null } {
  const text = q.toLowerCase();
  const compact = q.replace(/[\s-]/g, "");
  if (!/^\+?\d{3,}$/.test(compact)) return { text, phone: null };
  return { text, phone: compact.replace(/^\+?880(?=1)/, "0") };
}
