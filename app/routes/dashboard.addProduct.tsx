import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { constraintsOf } from "~/domain/fields";
import { FieldError } from "~/components/FieldError";
import { Spinner } from "~/components/Spinner";
import { createPackage } from "~/data/packages.server";
import { parseForm } from "~/domain/forms";
import { packageSchema } from "~/domain/packages";
import { requireAdmin } from "~/auth/session.server";

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
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: constraintsOf(packageSchema),
    onValidate: ({ formData }) => parseForm(formData, packageSchema),
  });
  return (
    <section aria-labelledby="add-product-title" className="card form-card dashboard-form">
      <h1 id="add-product-title">Add A Product</h1>
      {actionData?.added ? (
        <p className="form-success" role="status">
          Added Tour Place Successfully!
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <div className="field">
          <label htmlFor={fields.title.id}>Title</label>
          <input {...getInputProps(fields.title, { type: "text" })} />
          <FieldError field={fields.title} />
        </div>
        <div className="field">
          <label htmlFor={fields.cost.id}>Cost ($ per person)</label>
          <input {...getInputProps(fields.cost, { type: "number" })} step={1} inputMode="numeric" />
          <FieldError field={fields.cost} />
        </div>
        <div className="field">
          <label htmlFor={fields.image.id}>Image URL</label>
          <input {...getInputProps(fields.image, { type: "text" })} placeholder="https://… or /images/tours/…" />
          <FieldError field={fields.image} />
        </div>
        <div className="field">
          <label htmlFor={fields.description.id}>Description</label>
          <textarea {...getTextareaProps(fields.description)} rows={6} />
          <FieldError field={fields.description} />
        </div>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? <Spinner label="Saving" /> : null} Add Product
        </button>
      </Form>
    </section>
  );
}
