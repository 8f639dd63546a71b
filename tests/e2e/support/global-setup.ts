// The local Stripe fake for the browser tests: the app server reaches it through STRIPE_API_BASE,
// the browser through the routing in stripe-routing.ts. And a fake SMTP server (SMTP_URL) that
// appends every email it receives to E2E_MAIL_FILE, where the tests read links (mail.ts). And the
// local SSLCommerz and bKash (tests/support), on fixed ports the server's settings name: the browser
// goes to their pages and back as it would to the sandboxes.
import { appendFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBkashFake } from "../../support/bkash-fake";
import { startFakeSmtp } from "../../support/fake-smtp";
import { startSslcommerzFake } from "../../support/sslcommerz-fake";
import { startStripeFake } from "../../support/stripe-fake";

export const E2E_WEBHOOK_SECRET = "whsec_e2e_secret";
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3301);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_STRIPE_PORT + 1);
export const E2E_SSLCOMMERZ_PORT = Number(process.env.E2E_SSLCOMMERZ_PORT ?? E2E_STRIPE_PORT + 2);
export const E2E_BKASH_PORT = Number(process.env.E2E_BKASH_PORT ?? E2E_STRIPE_PORT + 3);
/** The same path in every process of a run (config, setup, workers): named after the SMTP port. */
export const E2E_MAIL_FILE = join(tmpdir(), `tour-booking-e2e-mail-${E2E_SMTP_PORT}.jsonl`);

export default async function globalSetup() {
  const fake = await startStripeFake({ port: E2E_STRIPE_PORT });
  writeFileSync(E2E_MAIL_FILE, "");
  const smtp = await startFakeSmtp({
    port: E2E_SMTP_PORT,
    onMessage: (mail) => appendFileSync(E2E_MAIL_FILE, `${JSON.stringify(mail)}\n`),
  });
  const sslcommerz = await startSslcommerzFake({ port: E2E_SSLCOMMERZ_PORT });
  const bkash = await startBkashFake({ port: E2E_BKASH_PORT });
  return async () => {
    await bkash.close();
    await sslcommerz.close();
    await smtp.close();
    await fake.close();
  };
}
