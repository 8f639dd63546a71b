import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { findSubscriberByToken, newsletterToken, unsubscribeToken } from "~/backoffice/index.server";
import { SubmitButton } from "~/components/form-fields";
import { useIsPending } from "~/components/form-hooks";

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

export const meta: MetaFunction = () => [
  { title: "Unsubscribe — Tour Booking" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export default function UnsubscribePage() {
  const { email, unsubscribed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <section className="container page-section narrow-page">
      <h1>Unsubscribe from our newsletter</h1>
      {!email || (result && !result.done) ? (
        <p className="alert alert-error" role="alert">
          This unsubscribe link is not valid. If you still get our emails, please contact us.
        </p>
      ) : unsubscribed || result?.done ? (
        <p className="alert alert-success" role="status">
          {email} is unsubscribed. You will not get our newsletter any more.
        </p>
      ) : (
        <Form method="post">
          <p>Stop sending our newsletter to {email}?</p>
          <SubmitButton pending={pending} pendingLabel="Unsubscribing" className="button">
            Unsubscribe
          </SubmitButton>
        </Form>
      )}
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
