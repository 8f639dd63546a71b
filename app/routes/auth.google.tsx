import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "~/accounts";
import { getAuthenticator, isGoogleConfigured, returnToCookie } from "~/accounts/index.server";
import { formNulMessage } from "~/platform/forms";

export function loader() {
  return redirect("/login");
}

// 'Continue with Google' posts here; remix-auth-google answers with a redirect to Google's consent page.
export async function action({ request }: ActionFunctionArgs) {
  if (!isGoogleConfigured()) return redirect("/login");
  const form = await request.clone().formData();
  const nul = formNulMessage(form);
  if (nul) return new Response(nul, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const redirectTo = safeRedirect(form.get("redirectTo"), "/home");
  try {
    await getAuthenticator().authenticate("google", request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(thrown.headers);
      headers.append("Set-Cookie", await returnToCookie().serialize(redirectTo));
      return new Response(null, { status: thrown.status, headers });
    }
    throw thrown;
  }
  return redirect("/login");
}
