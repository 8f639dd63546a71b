import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RESET_LINK_INVALID, resetPasswordSchema } from "~/accounts";
import { createUserSession, isUsableResetToken, PasswordBusyError, resetPassword } from "~/accounts/index.server";
import { AuthForm, AuthPage, PasswordField } from "~/components/AuthForm";
import { FormErrors } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useT } from "~/components/language-context";
import { translatorFrom } from "~/http/page-meta";
import { formPageHeaders } from "~/http/retry-after";
import { parseForm } from "~/platform/forms";

/** The link's secret: /reset-password/{token} or /reset-password?token= */
function tokenOf(request: Request, params: { token?: string }): string {
  return (params.token ?? new URL(request.url).searchParams.get("token") ?? "").slice(0, 100);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const usable = await isUsableResetToken(tokenOf(request, params));
  return data({ usable }, { status: usable ? 200 : 410 });
}

const HIDDEN = { hideFields: ["password", "confirmPassword"] };

export async function action({ request, params }: ActionFunctionArgs) {
  const token = tokenOf(request, params);
  const submission = parseForm(await request.formData(), resetPasswordSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(HIDDEN) }, { status: 400 });
  }
  let userId: string | null;
  try {
    userId = await resetPassword(token, submission.value.password);
  } catch (error) {
    if (!(error instanceof PasswordBusyError)) throw error;
    return data(
      { result: submission.reply({ formErrors: [error.message], ...HIDDEN }) },
      { status: 503, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  if (!userId) {
    return data({ result: submission.reply({ formErrors: [RESET_LINK_INVALID], ...HIDDEN }) }, { status: 410 });
  }
  // Every other session ended with the reset; this one starts fresh.
  return createUserSession({ request, userId, redirectTo: "/dashboard", flash: "password-reset" });
}

export const headers = formPageHeaders;

// The link's secret is in the address: no other site gets it as a referrer. (Not no-referrer: a
// form posted without JavaScript would then carry "Origin: null", which the site refuses.)
export const meta: MetaFunction = ({ matches }) => [
  { title: translatorFrom(matches).t("auth.reset.meta") },
  { name: "referrer", content: "same-origin" },
];

export default function ResetPasswordPage() {
  const { usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { t, text } = useT();
  const [form, fields] = useAppForm(resetPasswordSchema, { lastResult: actionData?.result });
  return (
    <AuthPage name="reset-password" title={t("auth.reset.title")}>
      {usable ? (
        <>
          <FormErrors form={form} />
          <AuthForm form={form} pending={pending} pendingLabel={t("auth.reset.saving")} submitLabel={t("auth.reset.submit")}>
            <PasswordField
              meta={fields.password}
              label={t("auth.field.newPassword")}
              placeholder={t("auth.field.newPasswordPlaceholder")}
              autoComplete="new-password"
            />
            <PasswordField
              meta={fields.confirmPassword}
              label={t("auth.field.retype")}
              placeholder={t("auth.field.retypePlaceholder")}
              autoComplete="new-password"
            />
          </AuthForm>
        </>
      ) : (
        <p className="alert alert-error" role="alert">
          {text(RESET_LINK_INVALID)}
        </p>
      )}
      <p>
        <Link to="/forgot-password">{t("auth.reset.again")}</Link>
      </p>
    </AuthPage>
  );
}
