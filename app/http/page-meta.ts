// The head tags every public page shares: its canonical URL, and Open Graph and Twitter card
// defaults (site name, title, description, a picture), all absolute from the origin the root
// loader gives (PUBLIC_URL, app/platform/public-url.server.ts).
import type { MetaDescriptor } from "@remix-run/node";
import { createTranslator, DEFAULT_LANGUAGE, isLanguage, type MessageKey, type Messages, type Translator } from "~/platform/i18n";

const SITE_NAME = "Tour Booking";
const DEFAULT_IMAGE = "/images/og-default.jpg";

interface PageMeta {
  title: string;
  description: string;
  /** the page's canonical path, e.g. "/services" (/home is the same page as /) */
  path: string;
  /** the public origin of the site, from the root loader */
  origin: string | undefined;
  image?: string;
}

export function pageMeta({ title, description, path, origin, image = DEFAULT_IMAGE }: PageMeta): MetaDescriptor[] {
  const absolute = (target: string) => (origin ? new URL(target, origin).href : target);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: absolute(path) },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: absolute(path) },
    { property: "og:image", content: absolute(image) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: absolute(image) },
  ];
}

/** The origin the root loader found, from a meta function's matches. */
export function originFrom(matches: readonly { id: string; data?: unknown }[]): string | undefined {
  const root = matches.find((match) => match.id === "root")?.data as { origin?: unknown } | undefined;
  return typeof root?.origin === "string" ? root.origin : undefined;
}

const translators = new WeakMap<Messages, Translator>();

/**
 * The page's translator for a meta function (which cannot use hooks): the root loader's language
 * and messages; English without them.
 */
export function translatorFrom(matches: readonly { id: string; data?: unknown }[]): Translator {
  const root = matches.find((match) => match.id === "root")?.data as { language?: unknown; messages?: Messages } | undefined;
  const language = isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE;
  const messages = root?.messages ?? {};
  let translator = translators.get(messages);
  if (!translator || translator.language !== language) {
    translator = createTranslator(language, messages);
    translators.set(messages, translator);
  }
  return translator;
}

/** The site's own title and description: pages without their own meta. */
export function siteMeta({ t }: Translator): MetaDescriptor[] {
  return [{ title: t("common.meta.title") }, { name: "description", content: t("common.meta.description") }];
}

/** A dashboard page's title in the page's language: "My Orders — Tour Booking". */
export function dashboardTitle(
  matches: readonly { id: string; data?: unknown }[],
  key: MessageKey,
  values?: Parameters<Translator["t"]>[1],
): MetaDescriptor[] {
  const { t } = translatorFrom(matches);
  return [{ title: t("dashboard.meta.title", { page: t(key, values) }) }];
}
