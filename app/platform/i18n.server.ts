// The server's half of the two languages (docs/i18n.md): every message of both languages,
// compiled once; which language a request is answered in; the messages a page sends the browser;
// translators for server code (emails, documents, API errors).
import { compileMessage } from "@lingui/message-utils/compileMessage";
import bengali from "~/locales/bn.json";
import english from "~/locales/en.json";
import { env } from "~/platform/env.server";
import {
  createTranslator,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_PARAM,
  type Language,
  type MessageKey,
  type Messages,
  type Namespace,
  TEXT_NAMESPACES,
  type Texts,
  type Translator,
} from "~/platform/i18n";

// A key of en.json missing from bn.json is a type error here (and a test names it).
const SOURCES: Record<Language, Record<MessageKey, string>> = { en: english, bn: bengali };

/** The texts of a language as written in its JSON file (tests, and checks of pages). */
export function sourceMessages(language: Language): Readonly<Record<MessageKey, string>> {
  return SOURCES[language];
}

const compiled = new Map<Language, Messages>();

function compiledMessages(language: Language): Messages {
  let messages = compiled.get(language);
  if (!messages) {
    messages = {};
    for (const [key, text] of Object.entries(SOURCES[language]) as [MessageKey, string][]) {
      const tokens = compileMessage(text);
      messages[key] = tokens.length === 1 && typeof tokens[0] === "string" ? tokens[0] : tokens;
    }
    compiled.set(language, messages);
  }
  return messages;
}

const pageMessages = new Map<string, Messages>();

/** The compiled messages of these namespaces in this language: what a page sends the browser. */
export function messagesFor(language: Language, namespaces: readonly Namespace[]): Messages {
  const cacheKey = `${language}:${namespaces.join(",")}`;
  let messages = pageMessages.get(cacheKey);
  if (!messages) {
    const prefixes = namespaces.filter((namespace) => !TEXT_NAMESPACES.includes(namespace)).map((namespace) => `${namespace}.`);
    messages = Object.fromEntries(
      Object.entries(compiledMessages(language)).filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix))),
    ) as Messages;
    pageMessages.set(cacheKey, messages);
  }
  return messages;
}

const pageTexts = new Map<string, Texts>();

/**
 * The English texts of these namespaces' `form` keys with their text in this language: what a page
 * in Bengali sends the browser to show a schema's or the server's English message in Bengali.
 */
export function textsFor(language: Language, namespaces: readonly Namespace[]): Texts {
  const wanted = namespaces.filter((namespace) => TEXT_NAMESPACES.includes(namespace));
  if (language === "en" || wanted.length === 0) return {};
  const cacheKey = `${language}:${wanted.join(",")}`;
  let texts = pageTexts.get(cacheKey);
  if (!texts) {
    const prefixes = wanted.map((namespace) => `${namespace}.`);
    const { t } = translator(language);
    texts = {};
    for (const [key, text] of Object.entries(english) as [MessageKey, string][]) {
      // A text with {placeholders} is a pattern (createTranslator): its other language as written.
      if (prefixes.some((prefix) => key.startsWith(prefix))) texts[text] = text.includes("{") ? SOURCES[language][key] : t(key);
    }
    pageTexts.set(cacheKey, texts);
  }
  return texts;
}

const translators = new Map<Language, Translator>();

/** Every message of a language: for the server's own texts (emails, PDFs, CSV headers, API errors). */
export function translator(language: Language): Translator {
  let found = translators.get(language);
  if (!found) {
    found = createTranslator(language, compiledMessages(language));
    translators.set(language, found);
  }
  return found;
}

const LANGUAGE_COOKIE = "lang";
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The Set-Cookie value that keeps a language for a year. */
export function languageCookie(language: Language): string {
  const secure = env().NODE_ENV === "production" ? "; Secure" : "";
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** The language kept in the request's cookie, if any. */
export function cookieLanguage(request: Request): Language | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const pair of header.split(";")) {
    const [name, value] = pair.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** The language `?lang=` asks for on this URL, if any. */
function queryLanguage(request: Request): Language | null {
  const value = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/**
 * The first of our languages in an Accept-Language header, by the person's order of preference
 * ("bn-BD,bn;q=0.9,en;q=0.8" is bn; "en-US,en;q=0.9,bn;q=0.5" is en); null when it names neither.
 */
export function acceptedLanguage(header: string | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)).find(Boolean);
      return { primary: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q[1]) : 1, order };
    })
    .filter((entry) => entry.q > 0 && isLanguage(entry.primary))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return (ranked[0]?.primary as Language | undefined) ?? null;
}

export interface LanguageChoice {
  language: Language;
  /** a Set-Cookie value when `?lang=` chose a language the cookie did not hold yet: the choice sticks */
  setCookie: string | null;
}

/**
 * A page request's language: `?lang=` on the URL, else the cookie (the navbar's switch), else the
 * signed-in account's, else the first of ours the browser's Accept-Language prefers, else English.
 */
export function chooseLanguage(request: Request, accountLanguage?: string | null): LanguageChoice {
  const fromQuery = queryLanguage(request);
  const fromCookie = cookieLanguage(request);
  if (fromQuery) return { language: fromQuery, setCookie: fromQuery === fromCookie ? null : languageCookie(fromQuery) };
  const language =
    fromCookie ??
    (isLanguage(accountLanguage) ? accountLanguage : null) ??
    acceptedLanguage(request.headers.get("Accept-Language")) ??
    DEFAULT_LANGUAGE;
  return { language, setCookie: null };
}

/** The language of an API answer's texts: the request's Accept-Language, else English. */
export function apiLanguage(request: Request): Language {
  return acceptedLanguage(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE;
}

let keysByEnglish: Map<string, MessageKey> | undefined;

/**
 * An English text the code already says (an error of a schema or a rule, kept verbatim for the
 * specification and the API), in the other language when the messages have it; else as it is.
 */
export function translateText(language: Language, text: string): string {
  if (language === "en") return text;
  if (!keysByEnglish) {
    keysByEnglish = new Map();
    for (const [key, value] of Object.entries(english) as [MessageKey, string][]) {
      if (!keysByEnglish.has(value)) keysByEnglish.set(value, key);
    }
  }
  const key = keysByEnglish.get(text);
  return key ? translator(language).t(key) : text;
}

const PROBE_ORIGIN = "http://same-site.invalid";

/**
 * Where the switch goes back to: the page it was on (a path of this site, without `?lang=`, which
 * would overrule the new choice), or the home page for anything else.
 */
export function switchBackPath(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/";
  // eslint-disable-next-line no-control-regex
  if (value.length > 2000 || /[\u0000-\u001f\u007f]/.test(value)) return "/";
  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return "/";
  url.searchParams.delete(LANGUAGE_PARAM);
  return `${url.pathname}${url.search}`;
}
