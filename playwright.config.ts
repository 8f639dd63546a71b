import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  E2E_BKASH_PORT,
  E2E_SMTP_PORT,
  E2E_SSLCOMMERZ_PORT,
  E2E_STRIPE_PORT,
  E2E_WEBHOOK_SECRET,
} from "./tests/e2e/support/global-setup";
import { BKASH_TEST } from "./tests/support/bkash-fake";
import { SSL_STORE_ID, SSL_STORE_PASSWORD } from "./tests/support/sslcommerz-fake";
import { TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from "./tests/support/stripe-fake";

const PORT = Number(process.env.E2E_PORT ?? 3300);
const baseURL = `http://localhost:${PORT}`;

// Debian's Chromium: Playwright's own browser download cannot work on our machines.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: { baseURL, launchOptions, trace: "retain-on-failure" },
  projects: [
    // Tests tagged @js-only (e.g. the card widget) or @no-js-only run in one project only.
    { name: "js", grepInvert: /@no-js-only/, use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "no-js", grepInvert: /@js-only/, use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false } },
  ],
  globalSetup: "./tests/e2e/support/global-setup.ts",
  webServer: {
    command: "node server/start.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      // A fresh embedded database for every run (or the server given by E2E_DATABASE_URL).
      DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "tour-booking-e2e-")),
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      BCRYPT_COST: "4",
      // The suite books the demo packages many times, from both projects at once.
      SEED_DEPARTURE_SEATS: "2000",
      // ... with the same few accounts: their unpaid seats must not stop the suite (vitest covers the limits).
      HOLD_MAX_SEATS_PER_DEPARTURE: "100000",
      HOLD_MAX_SEATS_PER_ACCOUNT: "100000",
      HOLD_MAX_SHARE_PER_DEPARTURE: "100",
      // Every browser test comes from 127.0.0.1: per-address limits would stop the suite (vitest covers them).
      RATE_LIMIT_FORM_MAX: "1000",
      RATE_LIMIT_LOGIN_MAX: "1000",
      RATE_LIMIT_LOGIN_ADDRESS_MAX: "1000",
      RATE_LIMIT_WRITE_ADDRESS_MAX: "1000",
      RATE_LIMIT_LOOKUP_MAX: "1000",
      RATE_LIMIT_REVIEW_MAX: "1000",
      RATE_LIMIT_REPORT_MAX: "1000",
      RATE_LIMIT_ORDER_MAX: "1000",
      RATE_LIMIT_RESET_MAX: "1000",
      RATE_LIMIT_PROFILE_PHOTO_MAX: "1000",
      RATE_LIMIT_RESET_ACCOUNT_MAX: "1000",
      RATE_LIMIT_INVOICE_PDF_MAX: "1000",
      RATE_LIMIT_CLAIM_MAX: "1000",
      NODE_ENV: "production",
      // The suite reads the demo packages and signs in as the demo administrator (admin12345).
      SEED_DEMO_DATA: "true",
      SESSION_SECRET: "e2e-session-secret",
      // Every link the app makes (the emailed reset links the tests open) points at the suite's server.
      PUBLIC_URL: baseURL,
      // Payments against the local Stripe fake started by the global setup.
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
      // SSLCommerz and bKash against the local fakes of the global setup (docs/payments.md).
      SSLCOMMERZ_STORE_ID: SSL_STORE_ID,
      SSLCOMMERZ_STORE_PASSWORD: SSL_STORE_PASSWORD,
      SSLCOMMERZ_BASE_URL: `http://127.0.0.1:${E2E_SSLCOMMERZ_PORT}`,
      BKASH_APP_KEY: BKASH_TEST.appKey,
      BKASH_APP_SECRET: BKASH_TEST.appSecret,
      BKASH_USERNAME: BKASH_TEST.username,
      BKASH_PASSWORD: BKASH_TEST.password,
      BKASH_BASE_URL: `http://127.0.0.1:${E2E_BKASH_PORT}/v1.2.0-beta`,
      // The agency's phone and WhatsApp on the voucher, the invoice and the footer (each hidden when unset: vitest).
      AGENCY_PHONE: "+880 1711-000000",
      WHATSAPP_NUMBER: "+880 1811-000000",
      // The agency's bKash and Nagad merchant numbers on the payment page (hidden when unset: vitest).
      BKASH_MERCHANT_NUMBER: "01711-000000",
      NAGAD_MERCHANT_NUMBER: "01811-000000",
      // Mail to the fake SMTP server of the global setup (the tests read links from it).
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});
