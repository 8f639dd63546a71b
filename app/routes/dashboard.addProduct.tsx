import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { packageFormSchema } from "~/catalogue";
import { createPackage, photoFormReply, readFormWithPhotos } from "~/catalogue/index.server";
import { SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { PackageFormFields, packageFormValues } from "~/components/PackageFormFields";
import { dashboardTitle } from "~/http/page-meta";
import { parseForm } from "~/platform/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  // Before the body is read: nothing is stored for anyone but an admin.
  await requireAdmin(request);
  const { formData, errors, refusedStatus } = await readFormWithPhotos(request);
  const submission = parseForm(formData, packageFormSchema);
  const refused = photoFormReply(submission, errors);
  // "Add a day" without JavaScript: the same form again with one more row, nothing saved.
  if (submission.status === undefined && !refused) return { result: submission.reply(), added: false };
  if (submission.status !== "success" || refused)
    return data({ result: refused ?? submission.reply(), added: false }, { status: refused ? refusedStatus : 400 });
  await createPackage(submission.value);
  return { result: submission.reply({ resetForm: true }), added: true };
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.addProduct");

export default function AddPackage() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm(packageFormSchema, { lastResult: actionData?.result, defaultValue: packageFormValues() });
  return (
    <section aria-labelledby="add-product-title" className="card form-card dashboard-form">
      <h1 id="add-product-title">Add A Product</h1>
      {actionData?.added ? (
        <p className="form-success" role="status">
          Added Tour Place Successfully!
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <PackageFormFields form={form} fields={fields} />
        <SubmitButton pending={pending} pendingLabel="Saving">
          Add Product
        </SubmitButton>
      </Form>
    </section>
  );
}
