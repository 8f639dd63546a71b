import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useParams } from "@remix-run/react";
import { confirmSubscription, findSubscriberByToken, newsletterToken } from "~/backoffice/index.server";
import { SubmitButton } from "~/components/form-fields";
import { useIsPending } from "~/components/form-hooks";

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

export const meta: MetaFunction = () => [
  { title: "Newsletter subscription — Tour Booking" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export default function ConfirmSubscriptionPage() {
  const { email, confirmed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const pending = useIsPending();
  const { token } = useParams();
  return (
    <section className="container page-section narrow-page">
      <h1>Newsletter subscription</h1>
      {!email || (result && !result.done) ? (
        <p className="alert alert-error" role="alert">
          This confirmation link is not valid (it may have been unsubscribed). Please subscribe again from the newsletter box.
        </p>
      ) : confirmed || result?.done ? (
        <>
          <p className="alert alert-success" role="status">
            Thank you! {email} is now subscribed to our newsletter.
          </p>
          <p>
            Changed your mind? <Link to={`/newsletter/unsubscribe/${token}`}>Unsubscribe</Link>
          </p>
        </>
      ) : (
        <Form method="post">
          <p>Send our newsletter (new tours and seasonal offers, once a month) to {email}?</p>
          <SubmitButton pending={pending} pendingLabel="Confirming" className="button">
            Confirm subscription
          </SubmitButton>
        </Form>
      )}
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
