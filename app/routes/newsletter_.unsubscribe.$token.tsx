import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { findSubscriberByToken, newsletterToken, unsubscribeToken } from "~/backoffice/index.server";
import { useT } from "~/components/language-context";
import { NewsletterTokenPage } from "~/components/NewsletterTokenPage";
import { translatorFrom } from "~/http/page-meta";

// The link of every newsletter email, for anyone holding it (no account needed). The page asks
// before unsubscribing, so that a mail scanner opening links does not unsubscribe anybody.
export async function loader({ params }: LoaderFunctionArgs) {
  const token = newsletterToken(params.token);
  const subscriber = token ? await findSubscriberByToken(token) : null;
  return data(
    { email: subscriber?.email ?? null, unsubscribed: Boolean(subscriber?.unsubscribedAt) },
    { status: subscriber ? 200 : 404 },
  );
}

export async function action({ params }: ActionFunctionArgs) {
  const token = newsletterToken(params.token);
  const email = token ? await unsubscribeToken(token) : null;
  return data({ done: Boolean(email) }, { status: email ? 200 : 404 });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: translatorFrom(matches).t("newsletter.unsubscribe.meta") },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export default function UnsubscribePage() {
  const { email, unsubscribed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useT();
  return (
    <NewsletterTokenPage
      email={email}
      alreadyDone={unsubscribed}
      result={result}
      texts={{
        title: t("newsletter.unsubscribe.title"),
        invalid: t("newsletter.unsubscribe.invalid"),
        done: t("newsletter.unsubscribe.done", { email: email ?? "" }),
        ask: t("newsletter.unsubscribe.ask", { email: email ?? "" }),
        submit: t("newsletter.unsubscribe.submit"),
        pending: t("newsletter.unsubscribe.pending"),
      }}
    />
  );
}
