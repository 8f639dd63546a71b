import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { getUser, saveLanguage } from "~/accounts/index.server";
import { isLanguage } from "~/platform/i18n";
import { languageCookie, switchBackPath } from "~/platform/i18n.server";

// The navbar's language switch (app/components/LanguageSwitch.tsx): a form, so it works without
// JavaScript. The choice is kept in a cookie, and on the account of a signed-in person.
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  if (!isLanguage(language)) throw new Response("The language must be en or bn.", { status: 400 });
  const user = await getUser(request);
  if (user && user.language !== language) await saveLanguage(user.id, language);
  return redirect(switchBackPath(form.get("redirectTo")), { headers: { "Set-Cookie": languageCookie(language) } });
}

export function loader() {
  return redirect("/");
}
