import { type ActionFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { forgotPasswordSchema, RESET_LINK_SENT } from "~/accounts";
import { requestPasswordReset } from "~/accounts/index.server";
import { AuthForm, AuthPage, EmailField } from "~/components/AuthForm";
import { FormErrors } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useT } from "~/components/language-context";
import { translatorFrom } from "~/http/page-meta";
import { formPageHeaders, retryAfter } from "~/http/retry-after";
import { clientAddress } from "~/platform/client-address.server";
import { parseForm } from "~/platform/forms";

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), forgotPasswordSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  const { refused } = await requestPasswordReset({
    email: submission.value.email,
    address: clientAddress(request, context),
  });
  if (refused) {
    return data(
      { result: submission.reply({ formErrors: [refused.message] }), sent: false },
      { status: 429, headers: retryAfter(refused) },
    );
  }
  // The same answer whether or not the email has an account.
  return { result: submission.reply({ resetForm: true }), sent: true };
}

// Keeps the Retry-After of a refused post.
export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => [{ title: translatorFrom(matches).t("auth.forgot.meta") }];

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { t, text } = useT();
  const [form, fields] = useAppForm(forgotPasswordSchema, { lastResult: actionData?.result });
  return (
    <AuthPage name="forgot-password" title={t("auth.forgot.title")}>
      {actionData?.sent ? (
        <p className="alert alert-success" role="status">
          {text(RESET_LINK_SENT)}
        </p>
      ) : (
        <p>{t("auth.forgot.text")}</p>
      )}
      <FormErrors form={form} />
      <AuthForm form={form} pending={pending} pendingLabel={t("auth.forgot.sending")} submitLabel={t("auth.forgot.submit")}>
        <EmailField meta={fields.email} />
      </AuthForm>
      <p>
        <Link to="/login">{t("auth.forgot.back")}</Link>
      </p>
    </AuthPage>
  );
}
