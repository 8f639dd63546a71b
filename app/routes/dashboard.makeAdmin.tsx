import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { makeAdminSchema } from "~/accounts";
import { promoteToAdmin, requireAdmin } from "~/accounts/index.server";
import { Field, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { dashboardTitle } from "~/http/page-meta";
import { parseForm } from "~/platform/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseForm(formData, makeAdminSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), done: false }, { status: 400 });
  }
  const { found } = await promoteToAdmin(submission.value.email, admin.id);
  if (!found) {
    return data(
      {
        result: submission.reply({
          fieldErrors: { email: ["No account uses this email address. The person must register first."] },
        }),
        done: false,
      },
      { status: 404 },
    );
  }
  return { result: submission.reply({ resetForm: true }), done: true };
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.makeAdmin");

export default function MakeAdminPage() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm(makeAdminSchema, { lastResult: actionData?.result });
  return (
    <section className="dashboard-page">
      <h1>Make Admin</h1>
      <Form method="post" {...getFormProps(form)} className="card form-card make-admin-form">
        <Field label="Email" meta={fields.email} type="email" inputProps={{ placeholder: "Email", autoComplete: "off" }} />
        <SubmitButton pending={pending} pendingLabel="Saving">
          Make Admin
        </SubmitButton>
        {actionData?.done && !pending ? (
          <p className="form-success" role="status">
            Made Admin Successfully!
          </p>
        ) : null}
      </Form>
    </section>
  );
}
