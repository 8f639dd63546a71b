import { useLocation } from "@remix-run/react";
import { useLanguage } from "~/components/language-context";
import { LANGUAGE_NAMES, LANGUAGE_PARAM, otherLanguage } from "~/platform/i18n";

/**
 * The navbar's "বাংলা" / "English": a plain form (a whole-page load, with JavaScript or without)
 * to /language, which keeps the choice (cookie, and the profile when signed in) and comes back here.
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const other = otherLanguage(useLanguage());
  const params = new URLSearchParams(search);
  params.delete(LANGUAGE_PARAM);
  const query = params.toString();
  return (
    <form method="post" action="/language" className="language-switch">
      <input type="hidden" name="language" value={other} />
      <input type="hidden" name="returnTo" value={`${pathname}${query ? `?${query}` : ""}`} />
      <button type="submit" className="button button-small button-secondary" lang={other}>
        {LANGUAGE_NAMES[other]}
      </button>
    </form>
  );
}
