import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useParams } from "@remix-run/react";
import { confirmSubscription, findSubscriberByToken, newsletterToken } from "~/backoffice/index.server";
import { useT } from "~/components/language-context";
import { NewsletterTokenPage } from "~/components/NewsletterTokenPage";
import { translatorFrom } from "~/http/page-meta";

// The emailed link's page asks before confirming (like unsubscribing), so that a mail scanner
// opening links does not subscribe anybody. An unsubscribed token is no longer valid.
export async function loader({ params }: LoaderFunctionArgs) {
  const token = newsletterToken(params.token);
  const subscriber = token ? await findSubscriberByToken(token) : null;
  const live = subscriber && !subscriber.unsubscribedAt;
  return data(
    { email: live ? subscriber.email : null, confirmed: Boolean(live && subscriber.confirmedAt) },
    { status: live ? 200 : 404 },
  );
}

/** Confirms the subscription (again is harmless). */
export async function action({ params }: ActionFunctionArgs) {
  const token = newsletterToken(params.token);
  const email = token ? await confirmSubscription(token) : null;
  return data({ done: Boolean(email) }, { status: email ? 200 : 404 });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: translatorFrom(matches).t("newsletter.confirm.meta") },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export default function ConfirmSubscriptionPage() {
  const { email, confirmed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { token } = useParams();
  const { t } = useT();
  return (
    <NewsletterTokenPage
      email={email}
      alreadyDone={confirmed}
      result={result}
      texts={{
        title: t("newsletter.confirm.title"),
        invalid: t("newsletter.confirm.invalid"),
        done: t("newsletter.confirm.done", { email: email ?? "" }),
        ask: t("newsletter.confirm.ask", { email: email ?? "" }),
        submit: t("newsletter.confirm.submit"),
        pending: t("newsletter.confirm.confirming"),
      }}
      afterDone={
        <p>
          {t("newsletter.confirm.changedMind")}{" "}
          <Link to={`/newsletter/unsubscribe/${token}`}>{t("newsletter.confirm.unsubscribe")}</Link>
        </p>
      }
    />
  );
}
