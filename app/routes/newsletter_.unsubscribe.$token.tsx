import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { findSubscriberByToken, newsletterToken, unsubscribeToken } from "~/backoffice/index.server";
import { SubmitButton } from "~/components/form-fields";
import { useIsPending } from "~/components/form-hooks";
import { useT } from "~/components/language-context";
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
  const pending = useIsPending();
  const { t } = useT();
  return (
    <section className="container page-section narrow-page">
      <h1>{t("newsletter.unsubscribe.title")}</h1>
      {!email || (result && !result.done) ? (
        <p className="alert alert-error" role="alert">
          {t("newsletter.unsubscribe.invalid")}
        </p>
      ) : unsubscribed || result?.done ? (
        <p className="alert alert-success" role="status">
          {t("newsletter.unsubscribe.done", { email })}
        </p>
      ) : (
        <Form method="post">
          <p>{t("newsletter.unsubscribe.ask", { email })}</p>
          <SubmitButton pending={pending} pendingLabel={t("newsletter.unsubscribe.pending")} className="button">
            {t("newsletter.unsubscribe.submit")}
          </SubmitButton>
        </Form>
      )}
      <p>
        <Link to="/">{t("newsletter.back")}</Link>
      </p>
    </section>
  );
}
