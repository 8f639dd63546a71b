import { type ActionFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { newsletterSchema, type NewsletterResult } from "~/backoffice";
import { subscribeToNewsletter } from "~/backoffice/index.server";
import { NewsletterBox } from "~/components/NewsletterBox";
import { translatorFrom } from "~/http/page-meta";
import { formPageHeaders, retryAfter } from "~/http/retry-after";
import { clientAddress } from "~/platform/client-address.server";
import { formNulMessage } from "~/platform/forms";
import { take } from "~/platform/rate-limit.server";

/** The one answer for a new, pending or confirmed address alike: it tells nobody who subscribed. */
const SUBSCRIBED =
  "Thank you for subscribing! Please confirm your subscription with the link we have emailed to you. If you are already subscribed, there is nothing more to do.";

export function loader() {
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const nul = formNulMessage(form);
  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? "" });
  if (nul || !parsed.success) {
    const email = String(form.get("email") ?? "").slice(0, 254);
    return data<NewsletterResult>({ ok: false, message: nul ?? parsed.error!.issues[0].message, email }, { status: 400 });
  }
  // Subscriptions per client address (when the server tells us the address).
  const counted = await take("newsletter", { address: clientAddress(request, context) });
  if (counted.refused) {
    return data<NewsletterResult>(
      { ok: false, message: counted.refused.message, email: parsed.data.email },
      { status: 429, headers: retryAfter(counted.refused) },
    );
  }
  await subscribeToNewsletter(parsed.data.email);
  return data<NewsletterResult>({ ok: true, message: SUBSCRIBED });
}

// Keeps the Retry-After of a refused post.
export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => [{ title: translatorFrom(matches).t("newsletter.meta") }];

// Shown after a submission without JavaScript.
export default function NewsletterPage() {
  const result = useActionData<typeof action>();
  return (
    <div className="page-section">
      <NewsletterBox result={result} />
    </div>
  );
}
