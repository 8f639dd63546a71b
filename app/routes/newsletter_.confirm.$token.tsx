import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { confirmSubscription } from "~/data/messages.server";
import { newsletterToken } from "~/domain/newsletter.server";

// Opening the emailed link is the confirmation (the usual double opt-in); doing it twice is harmless.
export async function loader({ params }: LoaderFunctionArgs) {
  const token = newsletterToken(params.token);
  const email = token ? await confirmSubscription(token) : null;
  return data({ email, token: email ? token : null }, { status: email ? 200 : 404 });
}

export const meta: MetaFunction = () => [
  { title: "Newsletter subscription — Tour Booking" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export default function ConfirmSubscriptionPage() {
  const { email, token } = useLoaderData<typeof loader>();
  return (
    <section className="container page-section narrow-page">
      <h1>Newsletter subscription</h1>
      {email ? (
        <>
          <p className="alert alert-success" role="status">
            Thank you! {email} is now subscribed to our newsletter.
          </p>
          <p>
            Changed your mind? <Link to={`/newsletter/unsubscribe/${token}`}>Unsubscribe</Link>
          </p>
        </>
      ) : (
        <p className="alert alert-error" role="alert">
          This confirmation link is not valid (it may have been unsubscribed). Please subscribe again from the newsletter box.
        </p>
      )}
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
