import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { z } from "zod";
import { getUser, saveLanguage } from "~/accounts/index.server";
import { parseForm } from "~/platform/forms";
import { LANGUAGES } from "~/platform/i18n";
import { languageCookie, switchBackPath } from "~/platform/i18n.server";

const languageForm = z.object({
  language: z.enum(LANGUAGES, { message: "The language must be en or bn." }),
  returnTo: z.string().optional(),
});

// The navbar's language switch (app/components/LanguageSwitch.tsx): a form, so it works without
// JavaScript. The choice is kept in a cookie, and on the account of a signed-in person.
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), languageForm);
  if (submission.status !== "success") throw new Response("The language must be en or bn.", { status: 400 });
  const { language, returnTo } = submission.value;
  const user = await getUser(request);
  if (user && user.language !== language) await saveLanguage(user.id, language);
  return redirect(switchBackPath(returnTo ?? null), { headers: { "Set-Cookie": languageCookie(language) } });
}

export function loader() {
  return redirect("/");
}
