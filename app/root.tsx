import { type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { consumeFlash, getCurrentSession } from "~/accounts/index.server";
import { Footer } from "~/components/Footer";
import { FallbackI18nScript, I18nProvider, useFallbackI18n, useT } from "~/components/language-context";
import { Navbar } from "~/components/Navbar";
import { NotFound } from "~/components/NotFound";
import { useNonce } from "~/http/csp-nonce";
import { PERSONAL } from "~/http/http-cache";
import { siteMeta, translatorFrom } from "~/http/page-meta";
import { SiteStyles } from "~/http/site-styles";
import { agencyContact } from "~/platform/agency.server";
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, LANGUAGES, type Messages, namespacesFor } from "~/platform/i18n";
import { chooseLanguage, messagesFor, textsFor, translateText } from "~/platform/i18n.server";
import { publicOrigin } from "~/platform/public-url.server";

// The stylesheet comes with <SiteStyles /> (app/http/site-styles.tsx): inlined for visitors, linked when signed in.
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = ({ matches }) => siteMeta(translatorFrom(matches));

// The signed-in user for the navbar strip, a one-time banner after login or registration, and
// the page's language with the messages its namespaces need (app/platform/i18n.ts).
export async function loader({ request }: LoaderFunctionArgs) {
  const [session, { flash, clear }] = await Promise.all([getCurrentSession(request), consumeFlash(request)]);
  const { language, setCookie } = chooseLanguage(request, session?.user.language);
  const namespaces = namespacesFor(pagePathname(request));
  const messages = messagesFor(language, namespaces);
  const texts = textsFor(language, namespaces);
  const headers = new Headers();
  if (session?.renewedCookie) headers.append("Set-Cookie", session.renewedCookie);
  if (clear) headers.append("Set-Cookie", clear);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (session || flash || setCookie) headers.set("Cache-Control", PERSONAL);
  const user = session
    ? {
        email: session.user.email,
        displayName: session.user.displayName,
        photoUrl: session.user.photoUrl,
        isAdmin: session.user.isAdmin,
      }
    : null;
  // For the absolute URLs of the pages' head tags (app/http/page-meta.ts): the configured origin, never the Host.
  // The flash banner's text in the page's language (its English is the specification's).
  const shownFlash = flash ? { ...flash, text: translateText(language, flash.text) } : null;
  return data(
    { user, flash: shownFlash, origin: publicOrigin(), contact: agencyContact(), language, messages, texts },
    { headers },
  );
}

/** The page's path, also for Remix's data requests ("/services.data", "/_root.data" for /). */
function pagePathname(request: Request): string {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  return pathname === "/_root" ? "/" : pathname;
}

// A navigation to a page that needs other namespaces reloads the root's messages.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || namespacesFor(currentUrl.pathname).join() !== namespacesFor(nextUrl.pathname).join();

// Passes the root's Cache-Control down to every page (pages without their own headers inherit it).
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  // Without the root's data (its loader failed: an outage), the server's guess from the request.
  const fallback = useFallbackI18n();
  const language = rootData?.language ?? fallback?.language ?? DEFAULT_LANGUAGE;
  const messages = (rootData?.messages as Messages | undefined) ?? fallback?.messages ?? {};
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <LanguageAlternates origin={rootData?.origin} />
        <SiteStyles signedIn={Boolean(rootData?.user)} />
        <Links />
      </head>
      <body>
        <I18nProvider language={language} messages={messages} texts={rootData?.texts}>
          <SkipLink />
          {children}
        </I18nProvider>
        {!rootData && fallback ? <FallbackI18nScript fallback={fallback} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SkipLink() {
  const { t } = useT();
  return (
    <a className="skip-link" href="#main">
      {t("common.skipToContent")}
    </a>
  );
}

/**
 * For search engines, as the sitemap: the page in English is its plain URL (also for any other
 * language), in Bengali the same with `?lang=bn`.
 */
function LanguageAlternates({ origin }: { origin: string | undefined }) {
  const { pathname, search } = useLocation();
  if (!origin) return null;
  const url = (language: string | null) => {
    const params = new URLSearchParams(search);
    params.delete(LANGUAGE_PARAM);
    if (language) params.set(LANGUAGE_PARAM, language);
    const query = params.toString();
    return new URL(`${pathname}${query ? `?${query}` : ""}`, origin).href;
  };
  return (
    <>
      {LANGUAGES.map((language) => (
        <link key={language} rel="alternate" hrefLang={language} href={url(language === DEFAULT_LANGUAGE ? null : language)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={url(null)} />
    </>
  );
}

export default function App() {
  // Lets browser tests (and CSS) know the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const { user, flash, contact } = useLoaderData<typeof loader>();
  return (
    <>
      <Navbar user={user} />
      <main id="main">
        {flash ? (
          <div className="container flash-banner">
            <p className={`alert alert-${flash.tone}`} role={flash.tone === "error" ? "alert" : "status"}>
              {flash.text}
            </p>
          </div>
        ) : null}
        <Outlet />
      </main>
      <Footer contact={contact} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // 503: the database is unreachable (app/http/outage.server.ts); the page itself needs no data.
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  // 400: a form no page of the site sends (app/platform/forms.ts, formShapeProblem) says why.
  const refusal = isRouteErrorResponse(error) && error.status === 400 && typeof error.data === "string" ? error.data : null;
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { t } = useT();
  return (
    <>
      <Navbar user={rootData?.user ?? null} />
      <main id="main">
        {notFound ? (
          <NotFound />
        ) : (
          <section className="container page-message" role="alert">
            <h1>{unavailable ? t("common.error.unavailableTitle") : t("common.error.title")}</h1>
            <p>
              {isRouteErrorResponse(error) && error.status === 403
                ? t("common.error.adminsOnly")
                : unavailable
                  ? t("common.error.unavailable")
                  : (refusal ?? t("common.error.generic"))}
            </p>
          </section>
        )}
      </main>
      <Footer contact={rootData?.contact} />
    </>
  );
}
