import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { loginSchema, safeRedirect } from "~/accounts";
import {
  authFailure,
  createUserSession,
  getAuthenticator,
  getUser,
  isGoogleConfigured,
  passwordBusy,
} from "~/accounts/index.server";
import { AuthForm, AuthPage, EmailField, PasswordField } from "~/components/AuthForm";
import { FormErrors } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useT } from "~/components/language-context";
import { translatorFrom } from "~/http/page-meta";
import { formPageHeaders } from "~/http/retry-after";
import { clientAddress } from "~/platform/client-address.server";
import { parseForm } from "~/platform/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getUser(request);
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    signedIn: Boolean(user),
    googleConfigured: isGoogleConfigured(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth copies the request, so its body must stay unread here.
  const formData = await request.clone().formData();
  const submission = parseForm(formData, loginSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    const user = await getAuthenticator().authenticate("user-pass", request, {
      context: { formData, clientAddress: clientAddress(request, context) },
    });
    return createUserSession({
      request,
      userId: user.id,
      redirectTo: safeRedirect(submission.value.redirectTo, "/home"),
      flash: "login",
    });
  } catch (error) {
    const busy = passwordBusy(error);
    if (busy) {
      return data(
        { result: submission.reply({ formErrors: [busy.message], hideFields: ["password"] }) },
        { status: 503, headers: { "Retry-After": String(busy.retryAfterSeconds) } },
      );
    }
    const failure = authFailure(error);
    if (!failure) throw error;
    const limited = failure.code === "too-many-requests";
    return data(
      { result: submission.reply({ formErrors: [failure.message], hideFields: ["password"] }) },
      { status: limited ? 429 : 401, headers: limited ? { "Retry-After": String(failure.retryAfterSeconds ?? 60) } : undefined },
    );
  }
}

// Keeps the Retry-After of a refused post.
export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => [{ title: translatorFrom(matches).t("auth.login.meta") }];

export default function LoginPage() {
  const { redirectTo, signedIn, googleConfigured } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { t } = useT();
  const [form, fields] = useAppForm(loginSchema, { lastResult: actionData?.result });

  return (
    <AuthPage name="login" title={t("auth.login.title")}>
      {signedIn ? (
        <p className="alert alert-success" role="status">
          {t("auth.login.signedIn")}
        </p>
      ) : null}
      <FormErrors form={form} />
      {googleConfigured ? (
        <>
          <GoogleButton redirectTo={redirectTo} />
          <p className="auth-or">
            <span>{t("auth.login.or")}</span>
          </p>
        </>
      ) : null}
      <AuthForm form={form} pending={pending} pendingLabel={t("auth.login.signingIn")} submitLabel={t("auth.login.submit")}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField meta={fields.email} />
        <PasswordField meta={fields.password} autoComplete="current-password" />
      </AuthForm>
      <p>
        <Link to="/forgot-password">{t("auth.login.forgot")}</Link>
      </p>
      <p>
        <Link to={redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : "/register"}>{t("auth.login.register")}</Link>
      </p>
    </AuthPage>
  );
}

/** 'Continue with Google': a POST to /auth/google, which keeps redirectTo for Google's round trip.
 * Shown only when Google sign-in is configured: visitors are not told about the site's set-up. */
function GoogleButton({ redirectTo }: { redirectTo: string }) {
  const { t } = useT();
  return (
    <Form method="post" action="/auth/google" className="google-signin" reloadDocument>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="button button-google">
        {t("auth.login.google")}
      </button>
    </Form>
  );
}
