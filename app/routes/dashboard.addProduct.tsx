import { getFormProps, getInputProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { requireAdmin } from "~/auth/session.server";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { Field, FieldError, SubmitButton, TextareaField } from "~/components/forms";
import { createPackage } from "~/data/packages.server";
import { parseForm } from "~/domain/forms";
import { packageFormSchema } from "~/domain/packages";
import { readFormWithPhotos } from "~/http/photo-upload.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  // Before the body is read: nothing is stored for anyone but an admin.
  await requireAdmin(request);
  const { formData, errors } = await readFormWithPhotos(request);
  const submission = parseForm(formData, packageFormSchema);
  if (submission.status !== "success" || Object.keys(errors).length > 0) {
    const result = submission.reply({ fieldErrors: errors });
    // A refused photo: its own message under the image fields, not also "enter the image URL".
    if (errors.imageFile) delete result.error?.image;
    return data({ result, added: false }, { status: 400 });
  }
  await createPackage(submission.value);
  return { result: submission.reply({ resetForm: true }), added: true };
}

export const meta: MetaFunction = () => [{ title: "Add A Product — Tour Booking" }];

export default function AddPackage() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm(packageFormSchema, { lastResult: actionData?.result });
  return (
    <section aria-labelledby="add-product-title" className="card form-card dashboard-form">
      <h1 id="add-product-title">Add A Product</h1>
      {actionData?.added ? (
        <p className="form-success" role="status">
          Added Tour Place Successfully!
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <Field label="Title" meta={fields.title} />
        <Field label="Cost ($ per person)" meta={fields.cost} type="number" inputProps={{ step: 1, inputMode: "numeric" }} />
        <Field label="Image URL" meta={fields.image} inputProps={{ placeholder: "https://… or /images/tours/…" }} />
        <div className="field">
          <label htmlFor={fields.imageFile.id}>Or upload a photo</label>
          <input
            {...getInputProps(fields.imageFile, { type: "file", ariaDescribedBy: fields.imageFile.descriptionId })}
            accept="image/jpeg,image/png,image/webp"
          />
          <p id={fields.imageFile.descriptionId} className="hint">
            JPEG, PNG or WebP; it replaces the URL above.
          </p>
          <FieldError meta={fields.imageFile} />
        </div>
        <TextareaField label="Description" meta={fields.description} textareaProps={{ rows: 6 }} />
        <SubmitButton pending={pending} pendingLabel="Saving">
          Add Product
        </SubmitButton>
      </Form>
    </section>
  );
}
