// Fixed-window counters in the RateLimit table, shared by every app instance. Every limit of the
// site is one row of the table below; docs/configuration.md's "Rate limits" describes the same policy.
import { env, type Env } from "~/platform/env.server";
import { TOO_MANY_LOGINS } from "~/platform/rate-limit";
import { deleteRowsBefore, hit, mark, markedSince, unhit } from "~/platform/rate-limit-store.server";

export interface LimitRule {
  windowMinutes: number;
  /** Events per account (user id, or the email typed at login) in a window. */
  perAccount?: number;
  /** Events per client address in a window (only when the server knows the address). */
  perAddress?: number;
  /** Events per account from one address in a window (an unknown address counts as one address). */
  perAccountAndAddress?: number;
  /** Above this many events per account in a window, each attempt waits (never refused: see login). */
  slowDownPerAccount?: number;
  /** What a refused person reads (page and API). */
  message: string;
}

function table(config: Env) {
  const login = config.RATE_LIMIT_LOGIN_WINDOW_MINUTES;
  const form = config.RATE_LIMIT_FORM_WINDOW_MINUTES;
  const write = config.RATE_LIMIT_WRITE_WINDOW_MINUTES;
  return {
    // Password checks (login form and POST /api/auth/token). Per account alone a guesser only slows
    // the account down: a refusal there would let anyone lock the owner out.
    login: {
      windowMinutes: login,
      perAccountAndAddress: config.RATE_LIMIT_LOGIN_MAX,
      perAddress: config.RATE_LIMIT_LOGIN_ADDRESS_MAX,
      slowDownPerAccount: config.RATE_LIMIT_LOGIN_ACCOUNT_SLOWDOWN,
      message: TOO_MANY_LOGINS,
    },
    register: {
      windowMinutes: form,
      perAddress: config.RATE_LIMIT_FORM_MAX,
      message: "Too many accounts were created from your network. Please try again later.",
    },
    contact: {
      windowMinutes: form,
      perAddress: config.RATE_LIMIT_FORM_MAX,
      message: "You have sent many messages in a short time. Please try again later.",
    },
    newsletter: {
      windowMinutes: form,
      perAddress: config.RATE_LIMIT_FORM_MAX,
      message: "Too many subscriptions were sent from your network. Please try again later.",
    },
    // Confirmation emails per address subscribed, so that no one fills a mailbox with them. Never
    // told: the newsletter box answers the same either way (app/backoffice/newsletter.server.ts).
    "newsletter-email": {
      windowMinutes: 24 * 60,
      perAccount: config.RATE_LIMIT_NEWSLETTER_EMAIL_MAX,
      message: "Too many confirmation emails were sent to this address today.",
    },
    // Profile photos a customer stores (each kept on disk with its sizes), counted before the upload is read.
    "profile-photo": {
      windowMinutes: 24 * 60,
      perAccount: config.RATE_LIMIT_PROFILE_PHOTO_MAX,
      message: "You have uploaded many photos today. Please try again tomorrow.",
    },
    // Promo codes tried in the checkout's Apply box: enough for a family's typos, not for guessing codes.
    "promo-code": {
      windowMinutes: form,
      perAccount: config.RATE_LIMIT_PROMO_MAX,
      perAddress: config.RATE_LIMIT_PROMO_MAX * 3,
      message: "You have tried many promo codes in a short time. Please try again later.",
    },
    order: {
      windowMinutes: write,
      perAccount: config.RATE_LIMIT_ORDER_MAX,
      perAddress: config.RATE_LIMIT_WRITE_ADDRESS_MAX,
      message: "You have placed many orders in a short time. Please try again later.",
    },
    review: {
      windowMinutes: write,
      perAccount: config.RATE_LIMIT_REVIEW_MAX,
      perAddress: config.RATE_LIMIT_WRITE_ADDRESS_MAX,
      message: "You have sent many reviews in a short time. Please try again later.",
    },
    // Reports of reviews as abusive (home page, POST /api/review/{id}/report).
    "review-report": {
      windowMinutes: write,
      perAccount: config.RATE_LIMIT_REPORT_MAX,
      perAddress: config.RATE_LIMIT_WRITE_ADDRESS_MAX,
      message: "You have reported many reviews in a short time. Please try again later.",
    },
    // bKash/Nagad transaction ids a customer submits for an administrator to check.
    "payment-claim": {
      windowMinutes: write,
      perAccount: config.RATE_LIMIT_CLAIM_MAX,
      perAddress: config.RATE_LIMIT_WRITE_ADDRESS_MAX,
      message: "You have sent many payment claims in a short time. Please try again later.",
    },
    token: {
      windowMinutes: write,
      perAccount: config.RATE_LIMIT_TOKEN_MAX,
      perAddress: config.RATE_LIMIT_WRITE_ADDRESS_MAX,
      message: "Too many tokens were requested for this account. Please try again later.",
    },
    // Password-reset emails (/forgot-password): per email typed from one address, so that requests
    // from someone else's address never use up the owner's; per email from any address (looser),
    // so that no one fills a person's mailbox with links; and per address. The per-email cap is
    // one a stranger can use up from a few addresses, so an address that signed into the account
    // recently (knownAddress) is not held to it: only its owner can make an address known.
    "password-reset": {
      windowMinutes: form,
      perAccountAndAddress: config.RATE_LIMIT_RESET_MAX,
      perAccount: config.RATE_LIMIT_RESET_ACCOUNT_MAX,
      perAddress: config.RATE_LIMIT_FORM_MAX,
      message: "Too many password reset links were requested. Please try again later.",
    },
    // Invoice PDFs (/dashboard/orders/{id}/invoice.pdf): each one drawn takes CPU time.
    "invoice-pdf": {
      windowMinutes: write,
      perAccount: config.RATE_LIMIT_INVOICE_PDF_MAX,
      message: "You have downloaded many invoices in a short time. Please try again later.",
    },
    // GET /api/users/{email}: who is an administrator, one email at a time.
    "user-lookup": {
      windowMinutes: login,
      perAddress: config.RATE_LIMIT_LOOKUP_MAX,
      message: "Too many lookups from your network. Please try again later.",
    },
    // Calls of the OCTO API per reseller key (app/http/octo-transport.server.ts): resellers poll availability.
    octo: {
      windowMinutes: 1,
      perAccount: config.RATE_LIMIT_OCTO_MAX,
      message: "Too many requests with this API key. Please slow down.",
    },
  } satisfies Record<string, LimitRule>;
}

export type LimitName = keyof ReturnType<typeof table>;

export function limitRule(name: LimitName): LimitRule {
  return table(env())[name];
}

export interface Subject {
  account?: string;
  address: string | null;
  /** The address signed into the account recently (signedInRecently): the account's cap (perAccount) does not apply. */
  knownAddress?: boolean;
}

export interface Counted {
  /** Set when a limit is used up: the message and the seconds until its window ends. */
  refused: { message: string; retryAfterSeconds: number } | null;
  /** How long to hold the attempt back (slowDownPerAccount). */
  delayMs: number;
  /** Takes the event back (e.g. a login that succeeded, or one the server could not check). */
  refund(): Promise<void>;
}

const SLOW_DOWN_STEP_MS = 1000;
const SLOW_DOWN_MAX_MS = 10_000;

/**
 * Counts one event under the named limit (every key that applies, atomically in the database,
 * before the work it guards) and says whether it is refused. A refused event is counted under the
 * keys up to the one that refused it, never under the later, wider ones: a client over its own
 * limit cannot use up what it shares with others (an account from any address, say).
 */
export async function take(name: LimitName, subject: Subject, now = new Date()): Promise<Counted> {
  const rule = limitRule(name);
  const windowMs = rule.windowMinutes * 60_000;
  const checks: { key: string; max: number; slowDown?: boolean }[] = [];
  const { account, address, knownAddress } = subject;
  if (account !== undefined && rule.perAccountAndAddress) {
    checks.push({ key: `${name}:account+address:${account} ${address ?? "unknown"}`, max: rule.perAccountAndAddress });
  }
  if (address && rule.perAddress) checks.push({ key: `${name}:address:${address}`, max: rule.perAddress });
  if (account !== undefined && rule.perAccount && !knownAddress)
    checks.push({ key: `${name}:account:${account}`, max: rule.perAccount });
  if (account !== undefined && rule.slowDownPerAccount) {
    checks.push({ key: `${name}:account:${account}`, max: rule.slowDownPerAccount, slowDown: true });
  }
  const counted: { key: string; windowStart: Date }[] = [];
  let refused: Counted["refused"] = null;
  let delayMs = 0;
  for (const check of checks) {
    const { count, windowStart } = await hit(check.key, windowMs, now);
    counted.push({ key: check.key, windowStart });
    if (count <= check.max) continue;
    if (check.slowDown) {
      delayMs = Math.min((count - check.max) * SLOW_DOWN_STEP_MS, SLOW_DOWN_MAX_MS);
    } else {
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
      refused = { message: rule.message, retryAfterSeconds };
      break;
    }
  }
  return {
    refused,
    delayMs: refused ? 0 : delayMs,
    refund: async () => {
      for (const { key, windowStart } of counted) await unhit(key, windowStart);
    },
  };
}

/** How long an address that signed into an account stays known to it (Subject.knownAddress). */
const KNOWN_ADDRESS_DAYS = 30;
const KNOWN_ADDRESS_PREFIX = "signed-in:";

function knownAddressKey(account: string, address: string) {
  return `${KNOWN_ADDRESS_PREFIX}${account} ${address}`;
}

/** Remembers that the address signed into the account (by its password), for KNOWN_ADDRESS_DAYS. */
export async function rememberSignIn(account: string, address: string | null, now = new Date()): Promise<void> {
  if (address) await mark(knownAddressKey(account, address), now);
}

/** Whether the address signed into the account within KNOWN_ADDRESS_DAYS. */
export async function signedInRecently(account: string, address: string | null, now = new Date()): Promise<boolean> {
  if (!address) return false;
  return markedSince(knownAddressKey(account, address), new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000));
}

/**
 * Deletes the counters whose window is over (housekeeping): each limit's after its own window, the
 * known addresses after KNOWN_ADDRESS_DAYS. A key of no limit (one removed since) goes after the longest.
 */
export async function deleteEndedWindows(now = new Date()): Promise<number> {
  const windows: [string, number][] = Object.entries(table(env())).map(([name, rule]) => [
    `${name}:`,
    rule.windowMinutes * 60_000,
  ]);
  windows.push([KNOWN_ADDRESS_PREFIX, KNOWN_ADDRESS_DAYS * 86_400_000]);
  let deleted = 0;
  for (const [prefix, windowMs] of windows) deleted += await deleteRowsBefore(prefix, new Date(now.getTime() - windowMs));
  const longest = Math.max(...windows.map(([, windowMs]) => windowMs));
  return deleted + (await deleteRowsBefore("", new Date(now.getTime() - longest)));
}
