import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { requireAdmin } from "~/auth/session.server";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { Field, SubmitButton, TextareaField } from "~/components/forms";
import { createPackage } from "~/data/packages.server";
import { parseForm } from "~/domain/forms";
import { packageSchema } from "~/domain/packages";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseForm(await request.formData(), packageSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), added: false }, { status: 400 });
  await createPackage(submission.value);
  return { result: submission.reply({ resetForm: true }), added: true };
}

export const meta: MetaFunction = () => [{ title: "Add A Product — Tour Booking" }];

export default function AddPackage() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm(packageSchema, { lastResult: actionData?.result });
  return (
    <section aria-labelledby="add-product-title" className="card form-card dashboard-form">
      <h1 id="add-product-title">Add A Product</h1>
      {actionData?.added ? (
        <p className="form-success" role="status">
          Added Tour Place Successfully!
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <Field label="Title" meta={fields.title} />
        <Field label="Cost ($ per person)" meta={fields.cost} type="number" inputProps={{ step: 1, inputMode: "numeric" }} />
        <Field label="Image URL" meta={fields.image} inputProps={{ placeholder: "https://… or /images/tours/…" }} />
        <TextareaField label="Description" meta={fields.description} textareaProps={{ rows: 6 }} />
        <SubmitButton pending={pending} pendingLabel="Saving">
          Add Product
        </SubmitButton>
      </Form>
    </section>
  );
}
