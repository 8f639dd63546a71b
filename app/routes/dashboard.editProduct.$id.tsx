import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { packageFormSchema, readItinerary } from "~/catalogue";
import { findPackage, photoFormReply, readFormWithPhotos, updatePackage } from "~/catalogue/index.server";
import { FormErrors, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { PackageFormFields, packageFormValues } from "~/components/PackageFormFields";
import { dashboardTitle } from "~/http/page-meta";
import { parseForm } from "~/platform/forms";
import { dollarsValue } from "~/platform/money";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const tourPackage = await findPackage(params.id);
  if (!tourPackage) throw new Response("Not Found", { status: 404 });
  return {
    id: tourPackage.id,
    values: packageFormValues({
      ...tourPackage,
      cost: dollarsValue(tourPackage.costCents),
      itinerary: readItinerary(tourPackage.itinerary),
    }),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Before the body is read: nothing is stored for anyone but an admin.
  await requireAdmin(request);
  const { formData, errors, refusedStatus } = await readFormWithPhotos(request);
  const submission = parseForm(formData, packageFormSchema);
  const refused = photoFormReply(submission, errors);
  // "Add a day" without JavaScript: the same form again with one more row, nothing saved.
  if (submission.status === undefined && !refused) return { result: submission.reply(), saved: false };
  if (submission.status !== "success" || refused)
    return data({ result: refused ?? submission.reply(), saved: false }, { status: refused ? refusedStatus : 400 });
  if ((await updatePackage(params.id ?? "", submission.value)) === 0) {
    return data(
      { result: submission.reply({ formErrors: ["This package does not exist or was deleted."] }), saved: false },
      { status: 404 },
    );
  }
  return { result: submission.reply(), saved: true };
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.meta.editProduct");

export default function EditPackage() {
  const { id, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm(packageFormSchema, { lastResult: actionData?.result, defaultValue: values });
  return (
    <section aria-labelledby="edit-product-title" className="card form-card dashboard-form">
      <h1 id="edit-product-title">Edit Product</h1>
      {actionData?.saved ? (
        <p className="form-success" role="status">
          Saved. <Link to={`/order/${id}`}>See the package page</Link>
        </p>
      ) : null}
      <FormErrors form={form} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <PackageFormFields form={form} fields={fields} />
        <div className="form-actions">
          <SubmitButton pending={pending} pendingLabel="Saving">
            Save changes
          </SubmitButton>
          <Link to="/dashboard/manageProducts" className="button button-secondary">
            Back to Manage Products
          </Link>
        </div>
      </Form>
    </section>
  );
}
