import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { constraintsOf } from "~/domain/fields";
import { parseForm } from "~/domain/forms";
import { loginSchema } from "~/auth/auth-forms";
import { safeRedirect } from "~/auth/auth-redirect";
import { authFailure, getAuthenticator, isGoogleConfigured, passwordBusy } from "~/auth/auth.server";
import { clientAddress } from "~/http/client-address.server";
import { FieldError } from "~/components/FieldError";
import { Spinner } from "~/components/Spinner";
import { formPageHeaders } from "~/http/retry-after";
import { createUserSession, getUser } from "~/auth/session.server";

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

export const meta: MetaFunction = () => [{ title: "Login — Tour Booking" }];

export default function LoginPage() {
  const { redirectTo, signedIn, googleConfigured } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: constraintsOf(loginSchema),
    onValidate: ({ formData }) => parseForm(formData, loginSchema),
  });

  return (
    <div className="container page-section auth-layout">
      <section className="card form-card auth-card" aria-labelledby="login-title">
        <h1 id="login-title">Login</h1>
        {signedIn ? (
          <p className="alert alert-success" role="status">
            User Login successfully
          </p>
        ) : null}
        {form.errors?.length ? (
          <p className="alert alert-error" role="alert" id={form.errorId}>
            {form.errors[0]}
          </p>
        ) : null}
        <GoogleButton configured={googleConfigured} redirectTo={redirectTo} />
        <p className="auth-or">
          <span>OR</span>
        </p>
        <Form method="post" {...getFormProps(form)} className={submitting ? "auth-form is-loading" : "auth-form"} aria-busy={submitting}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <div className="field">
            <label htmlFor={fields.email.id} className="visually-hidden">
              Email
            </label>
            <input {...getInputProps(fields.email, { type: "email" })} placeholder="Your Email" autoComplete="email" />
            <FieldError field={fields.email} />
          </div>
          <div className="field">
            <label htmlFor={fields.password.id} className="visually-hidden">
              Password
            </label>
            <input
              {...getInputProps(fields.password, { type: "password" })}
              placeholder="Your Password"
              autoComplete="current-password"
            />
            <FieldError field={fields.password} />
          </div>
          <button type="submit" className="button auth-submit" disabled={submitting}>
            {submitting ? <Spinner label="Signing in" /> : null} Login
          </button>
        </Form>
        <p>
          <Link to={redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : "/register"}>New User? Please Register</Link>
        </p>
      </section>
      <img src="/images/login.svg" alt="" width={480} height={400} className="auth-illustration" />
    </div>
  );
}

/** 'Continue with Google': a POST to /auth/google, or a disabled button when Google is not set up. */
function GoogleButton({ configured, redirectTo }: { configured: boolean; redirectTo: string }) {
  if (!configured) {
    return (
      <div className="google-signin">
        <button type="button" className="button button-google" disabled aria-describedby="google-unavailable">
          Continue with Google
        </button>
        <p id="google-unavailable" className="muted">
          Google sign-in is not configured on this site.
        </p>
      </div>
    );
  }
  return (
    <Form method="post" action="/auth/google" className="google-signin" reloadDocument>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="button button-google">
        Continue with Google
      </button>
    </Form>
  );
}
