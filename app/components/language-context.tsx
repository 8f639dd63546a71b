// The page's language for components (docs/i18n.md): the root puts the translator of the
// messages its loader sent in this context; components take `t` with useT().
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createTranslator, DEFAULT_LANGUAGE, type Language, type Messages, type Texts, type Translator } from "~/platform/i18n";

const I18nContext = createContext<Translator>(createTranslator(DEFAULT_LANGUAGE, {}));

export function I18nProvider({
  language,
  messages,
  texts,
  children,
}: {
  language: Language;
  messages: Messages;
  texts?: Texts;
  children: ReactNode;
}) {
  const translator = useMemo(() => createTranslator(language, messages, texts), [language, messages, texts]);
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}

/** The page's translator: `const { t } = useT(); t("common.nav.home")`. */
export function useT(): Translator {
  return useContext(I18nContext);
}

/** The page's language ("en" or "bn"). */
export function useLanguage(): Language {
  return useContext(I18nContext).language;
}

/** What a page whose root loader failed (an outage) is written in: the server's guess from the request. */
export interface FallbackI18n {
  language: Language;
  messages: Messages;
}

/** Set by app/entry.server.tsx; in the browser the page's own copy is read once (FallbackI18nScript). */
export const FallbackI18nContext = createContext<FallbackI18n | null>(null);

const FALLBACK_ID = "i18n-fallback";
let browserFallback: FallbackI18n | null | undefined;

export function useFallbackI18n(): FallbackI18n | null {
  const fromServer = useContext(FallbackI18nContext);
  if (fromServer || typeof document === "undefined") return fromServer;
  if (browserFallback === undefined) {
    const text = document.getElementById(FALLBACK_ID)?.textContent;
    browserFallback = text ? (JSON.parse(text) as FallbackI18n) : null;
  }
  return browserFallback;
}

/** The fallback's messages in the page, for the browser to hydrate the error page with the same texts. */
export function FallbackI18nScript({ fallback }: { fallback: FallbackI18n }) {
  const json = JSON.stringify(fallback).replace(/</g, "\\u003c");
  return <script type="application/json" id={FALLBACK_ID} dangerouslySetInnerHTML={{ __html: json }} suppressHydrationWarning />;
}
