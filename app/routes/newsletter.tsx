import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { NewsletterBox } from "~/components/NewsletterBox";
import { formNulMessage } from "~/forms";
import { newsletterSchema, subscribe } from "~/newsletter.server";

export type NewsletterResult = { ok: true; message: string } | { ok: false; message: string; email: string };

export function loader() {
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const nul = formNulMessage(form);
  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? "" });
  if (nul || !parsed.success) {
    const email = String(form.get("email") ?? "").slice(0, 254);
    return data<NewsletterResult>({ ok: false, message: nul ?? parsed.error!.issues[0].message, email }, { status: 400 });
  }
  const outcome = await subscribe(parsed.data.email);
  return data<NewsletterResult>({
    ok: true,
    message:
      outcome === "subscribed"
        ? "Thank you for subscribing! Our next newsletter is on its way to you."
        : "You are already subscribed. Thank you for staying with us!",
  });
}

export const meta: MetaFunction = () => [{ title: "Newsletter — Tour Booking" }];

// Shown after a submission without JavaScript.
export default function NewsletterPage() {
  const result = useActionData<typeof action>();
  return (
    <div className="page-section">
      <NewsletterBox result={result} />
    </div>
  );
}
