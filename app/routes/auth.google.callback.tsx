import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "~/accounts";
import {
  authFailure,
  createUserSession,
  flashCookie,
  getAuthenticator,
  isGoogleConfigured,
  returnToCookie,
} from "~/accounts/index.server";
import { logger } from "~/platform/logger.server";

// Google sends the person back here with ?code&state (or ?error=access_denied when they refuse).
export async function loader({ request }: LoaderFunctionArgs) {
  if (!isGoogleConfigured()) return redirect("/login");
  const url = new URL(request.url);
  const redirectTo = safeRedirect(await returnToCookie().parse(request.headers.get("Cookie")), "/home");
  const clearReturn = await returnToCookie().serialize("", { maxAge: 0 });
  const back = async (key: "google-cancelled" | "google-failed" | "account-disabled") => {
    const headers = new Headers();
    headers.append("Set-Cookie", clearReturn);
    headers.append("Set-Cookie", await flashCookie(key));
    return redirect(`/login?${new URLSearchParams({ redirectTo })}`, { headers });
  };
  if (url.searchParams.get("error")) return back("google-cancelled");
  let userId: string;
  try {
    userId = (await getAuthenticator().authenticate("google", request)).id;
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = authFailure(error);
    if (failure?.code === "user-disabled") return back("account-disabled");
    logger.warn({ error: (error as Error).message?.slice(0, 300) }, "Google sign-in failed");
    return back("google-failed");
  }
  return createUserSession({ request, userId, redirectTo, flash: "login", headers: [["Set-Cookie", clearReturn]] });
}
