// Components under test see the messages of a page in the given language, as the root gives them.
import type { ReactNode } from "react";
import { I18nProvider } from "~/components/language-context";
import type { Language, Namespace } from "~/platform/i18n";
import { messagesFor, sourceMessages } from "~/platform/i18n.server";

const ALL_NAMESPACES = [
  ...new Set(Object.keys(sourceMessages("en")).map((key) => key.slice(0, key.indexOf(".")) as Namespace)),
] as Namespace[];

export function inLanguage(children: ReactNode, language: Language = "en") {
  return (
    <I18nProvider language={language} messages={messagesFor(language, ALL_NAMESPACES)}>
      {children}
    </I18nProvider>
  );
}
