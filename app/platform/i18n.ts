// The site's two languages (docs/i18n.md): English, the default, whose texts are the
// specification's word for word, and Bengali. Messages are ICU MessageFormat texts in
// app/locales/<language>.json, one flat key per text ("common.nav.home": its namespace is the part
// before the first dot); Lingui's runtime formats them. Browser-safe: the browser gets the
// compiled messages of its page's namespaces in its language only, from the root loader
// (app/platform/i18n.server.ts), never the JSON files themselves (only their type is imported here).
import { type I18n, setupI18n } from "@lingui/core";
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import type english from "~/locales/en.json";

export const LANGUAGES = ["en", "bn"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Every text's key, from the English file: a key that is not there is a type error. */
export type MessageKey = keyof typeof english;
/** The part of a key before its first dot: what a page asks the server for. */
export type Namespace = NamespaceOf<MessageKey>;
type NamespaceOf<Key> = Key extends `${infer Name}.${string}` ? Name : never;

declare module "@lingui/core" {
  interface Register {
    messageIds: MessageKey;
  }
}

/** The BCP 47 locale of Intl's formatting per language: Bengali digits, month names and lakh grouping for bn-BD. */
const LOCALES: Record<Language, string> = { en: "en-GB", bn: "bn-BD" };

/** Each language's own name: what the switch offers. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", bn: "বাংলা" };

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "bn";
}

/** The other language: the one the navbar's switch offers. */
export function otherLanguage(language: Language): Language {
  return language === "en" ? "bn" : "en";
}

/** The query parameter that picks a language on any URL (and keeps it: a cookie). */
export const LANGUAGE_PARAM = "lang";

/** Compiled messages, as the server sends them: a plain text stays a string. */
export type Messages = Partial<Record<MessageKey, string | CompiledMessage>>;

/** Values of a message's {placeholders}. */
type MessageValues = Record<string, string | number | Date | null | undefined>;

/**
 * English texts that schemas and server code say (validation errors, a form's refusal, a
 * newsletter answer), with their text in the page's language: the `form` namespace's pairs. The
 * root sends a Bengali page the pairs of its namespaces; an English page none.
 */
export type Texts = Record<string, string>;

export interface Translator {
  language: Language;
  /** The text of `key` in this language, its {placeholders} filled from `values`. */
  t: (key: MessageKey, values?: MessageValues) => string;
  /** A text the code says in English (a schema's error, a server's answer), in this language when the page has it. */
  text: (english: string | null | undefined) => string;
}

/**
 * The namespaces a page needs, from its path: common (navbar, footer, errors) everywhere, plus
 * the page's own. The root loader sends these and reloads them when a navigation needs others.
 */
export function namespacesFor(pathname: string): Namespace[] {
  const needs = PAGE_NAMESPACES.filter(([pattern]) => pattern.test(pathname)).flatMap(([, namespaces]) => namespaces);
  // Every dashboard page shows the layout's sidebar and lists, forms, and texts of the booking code.
  const shared: Namespace[] = /^\/dashboard(\/|$)/.test(pathname) ? ["dashboard", "booking", "form"] : [];
  return ["common", ...new Set([...shared, ...needs])];
}

/**
 * Namespaces whose texts are looked up by their English (a schema's or a server's message): they
 * reach the browser as Texts, not as messages.
 */
export const TEXT_NAMESPACES: readonly Namespace[] = ["form", "booking"];

// A path gets the namespaces of every pattern it matches; an unlisted page gets common only.
const PAGE_NAMESPACES: [RegExp, Namespace[]][] = [
  [/^\/(home)?$/, ["public", "home", "form"]],
  [/^\/services$/, ["public", "services", "places", "form"]],
  [/^\/order\//, ["public", "trip", "places", "form", "waitlist"]],
  [/^\/addCart\//, ["public", "checkout", "trip", "places", "form"]],
  [/^\/about$/, ["public", "about"]],
  [/^\/contact$/, ["public", "contact", "form"]],
  [/^\/(login|register|forgot-password|reset-password)(\/|$)/, ["public", "auth", "form"]],
  [/^\/newsletter(\/|$)/, ["public", "newsletter", "form"]],
  [/^\/dashboard\/settings\/?$/, ["settings", "payment"]],
  // the payment page (its gateways, the manual claims), and the result the order pages show when a gateway sends the customer back
  [/^\/dashboard\/payment\//, ["payment"]],
  [/^\/dashboard\/payment-claims\/?$/, ["claims"]],
  [/^\/dashboard\/held-payments\/?$/, ["held", "form"]],
  [/^\/dashboard\/orders\/[^/]+\/?$/, ["deliveryLog", "orders", "payment"]],
  // a departure's manifest links to its broadcast page, which lists each recipient's message; the package's departures show each date's waitlist
  [/^\/dashboard\/departures\/[^/]+(\/broadcast)?\/?$/, ["broadcast", "deliveryLog", "form", "waitlist"]],
  // a departure's page links to its prices page
  [/^\/dashboard\/departures\/[^/]+(\/prices)?\/?$/, ["prices"]],
  [/^\/dashboard\/myOrder\/?$/, ["orders", "payment"]],
  // the package types an order was booked as
  [/^\/dashboard\/(myOrder|orders\/|manageAllOrders)/, ["trip"]],
  [/^\/dashboard\/waitlist\/?$/, ["waitlist", "form"]],
];

/**
 * The key of a place's name (a district or region of app/platform/places.ts, as the forms send it):
 * "Cox's Bazar" is places.CoxsBazar. A unit test checks every place has one.
 */
function placeKey(name: string): MessageKey {
  return `places.${name.replace(/[^A-Za-z0-9]/g, "")}` as MessageKey;
}

/** A place's name in the translator's language; a name without a message as it is. */
export function placeName({ t }: Translator, name: string): string {
  const text = t(placeKey(name));
  return text === placeKey(name) ? name : text;
}

/** A translator over the given compiled messages (the server's, or what the root loader sent). */
export function createTranslator(language: Language, messages: Messages, texts: Texts = {}): Translator {
  const i18n: I18n = setupI18n({ locale: LOCALES[language], messages: { [LOCALES[language]]: messages } });
  // Plain texts arrive as strings (nothing to compile); Lingui would warn about them otherwise.
  i18n.setMessagesCompiler(asText);
  let patterns: TextPattern[] | undefined;
  return {
    language,
    t: (key, values) => i18n._(key, values),
    text: (english) => {
      if (!english) return "";
      if (Object.hasOwn(texts, english)) return texts[english];
      patterns ??= textPatterns(texts);
      for (const { pattern, names, template } of patterns) {
        const match = pattern.exec(english);
        if (!match) continue;
        return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
          const value = match[names.indexOf(name) + 1];
          if (value === undefined) return whole;
          // A value that is itself a text ("first name") is shown in the language too.
          if (Object.hasOwn(texts, value)) return texts[value];
          return language === "bn" ? toBengaliDigits(value) : value;
        });
      }
      return english;
    },
  };
}

interface TextPattern {
  pattern: RegExp;
  names: string[];
  template: string;
}

/**
 * The texts with {placeholders} ("Only {count} seats left on this date."): a text the code made
 * from them matches, and its values fill the other language's text, their digits in its digits.
 */
function textPatterns(texts: Texts): TextPattern[] {
  const patterns: TextPattern[] = [];
  for (const [english, template] of Object.entries(texts)) {
    if (!english.includes("{")) continue;
    const names: string[] = [];
    const source = english
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(name);
        return "(.+?)";
      })
      .join("");
    patterns.push({ pattern: new RegExp(`^${source}$`, "s"), names, template });
  }
  return patterns;
}

const toBengaliDigits = (value: string) => value.replace(/[0-9]/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));

const asText = (message: string): CompiledMessage => [message];
