import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import { reviewSchema } from "~/catalogue";
import { postReview, reviewablePackages } from "~/catalogue/index.server";
import { FieldError, FormErrors, SelectField, SubmitButton, TextareaField } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { dashboardTitle } from "~/http/page-meta";
import { formPageHeaders, retryAfter } from "~/http/retry-after";
import { clientAddress } from "~/platform/client-address.server";
import { parseForm } from "~/platform/forms";
import { take } from "~/platform/rate-limit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { name: user.displayName, email: user.email, packages: await reviewablePackages(user.id) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await request.formData(), reviewSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), added: false }, { status: 400 });
  const counted = await take("review", { account: user.id, address: clientAddress(request, context) });
  if (counted.refused) {
    return data(
      { result: submission.reply({ formErrors: [counted.refused.message] }), added: false },
      { status: 429, headers: retryAfter(counted.refused) },
    );
  }
  // Name, email and photo come from the session, never from the form.
  const posted = await postReview(user, submission.value);
  if ("refused" in posted) {
    return data({ result: submission.reply({ fieldErrors: { service: [posted.refused] } }), added: false }, { status: 400 });
  }
  return { result: submission.reply({ resetForm: true }), added: true };
}

// Keeps the Retry-After of a refused post.
export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.review");

export default function AddReview() {
  const reviewer = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm(reviewSchema, { lastResult: actionData?.result, defaultValue: { rating: "0" } });
  const chosen = Number(fields.rating.initialValue ?? 0);
  return (
    <section aria-labelledby="review-title" className="card form-card dashboard-form">
      <h1 id="review-title">Add a Review</h1>
      {actionData?.added ? (
        <p className="form-success" role="status">
          Your Review and rating has been submitted
        </p>
      ) : null}
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)}>
        <div className="field">
          <label htmlFor="review-name">Name</label>
          <input id="review-name" value={reviewer.name} readOnly />
        </div>
        <div className="field">
          <label htmlFor="review-email">Email</label>
          <input id="review-email" type="email" value={reviewer.email} readOnly />
        </div>
        {reviewer.packages.length > 0 ? (
          <SelectField label="Package (optional)" meta={fields.service} key={form.key}>
            <option value="">No particular package</option>
            {reviewer.packages.map((tourPackage) => (
              <option key={tourPackage.id} value={tourPackage.id}>
                {tourPackage.title}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextareaField label="Your review" meta={fields.review} textareaProps={{ rows: 5 }} />
        <fieldset className="star-rating" key={form.key}>
          <legend>Rating</legend>
          {[0, 1, 2, 3, 4, 5].map((value) => (
            <label key={value} className={value === 0 ? "star-none" : "star-label"}>
              <input type="radio" name={fields.rating.name} value={value} defaultChecked={value === chosen} />
              <span aria-hidden="true">{value === 0 ? "No rating" : "★"}</span>
              <span className="visually-hidden">{value === 0 ? "No rating" : `${value} ${value === 1 ? "star" : "stars"}`}</span>
            </label>
          ))}
          <FieldError meta={fields.rating} />
        </fieldset>
        <SubmitButton pending={pending} pendingLabel="Sending">
          Submit Review
        </SubmitButton>
      </Form>
    </section>
  );
}
