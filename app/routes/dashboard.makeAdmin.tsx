import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { constraintsOf } from "~/domain/fields";
import { parseForm } from "~/domain/forms";
import { makeAdminSchema } from "~/auth/auth-forms";
import { FieldError } from "~/components/FieldError";
import { Spinner } from "~/components/Spinner";
import { requireAdmin } from "~/auth/session.server";
import { promoteToAdmin } from "~/data/users.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseForm(formData, makeAdminSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), done: false }, { status: 400 });
  }
  const { found } = await promoteToAdmin(submission.value.email);
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

export const meta: MetaFunction = () => [{ title: "Make Admin — Tour Booking" }];

export default function MakeAdminPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: constraintsOf(makeAdminSchema),
    onValidate: ({ formData }) => parseForm(formData, makeAdminSchema),
  });
  return (
    <section className="dashboard-page">
      <h1>Make Admin</h1>
      <Form method="post" {...getFormProps(form)} className="card form-card make-admin-form">
        <div className="field">
          <label htmlFor={fields.email.id}>Email</label>
          <input {...getInputProps(fields.email, { type: "email" })} placeholder="Email" autoComplete="off" />
          <FieldError field={fields.email} />
        </div>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? <Spinner label="Saving" /> : null} Make Admin
        </button>
        {actionData?.done && !submitting ? (
          <p className="form-success" role="status">
            Made Admin Successfully!
          </p>
        ) : null}
      </Form>
    </section>
  );
}
