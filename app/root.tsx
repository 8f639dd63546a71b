import { type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { consumeFlash, getCurrentSession } from "~/accounts/index.server";
import { Footer } from "~/components/Footer";
import { Navbar } from "~/components/Navbar";
import { NotFound } from "~/components/NotFound";
import { useNonce } from "~/http/csp-nonce";
import { PERSONAL } from "~/http/http-cache";
import { SiteStyles } from "~/http/site-styles";
import { agencyContact } from "~/platform/agency.server";
import { publicOrigin } from "~/platform/public-url.server";

// The stylesheet comes with <SiteStyles /> (app/http/site-styles.tsx): inlined for visitors, linked when signed in.
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [
  { title: "Tour Booking — travel packages across Bangladesh" },
  {
    name: "description",
    content: "Browse tour packages across Bangladesh, read travellers' reviews, book and pay online.",
  },
];

// The signed-in user for the navbar strip, and a one-time banner after login or registration.
export async function loader({ request }: LoaderFunctionArgs) {
  const [session, { flash, clear }] = await Promise.all([getCurrentSession(request), consumeFlash(request)]);
  const headers = new Headers();
  if (session?.renewedCookie) headers.append("Set-Cookie", session.renewedCookie);
  if (clear) headers.append("Set-Cookie", clear);
  if (session || flash) headers.set("Cache-Control", PERSONAL);
  const user = session
    ? {
        email: session.user.email,
        displayName: session.user.displayName,
        photoUrl: session.user.photoUrl,
        isAdmin: session.user.isAdmin,
      }
    : null;
  // For the absolute URLs of the pages' head tags (app/http/page-meta.ts): the configured origin, never the Host.
  return data({ user, flash, origin: publicOrigin(), contact: agencyContact() }, { headers });
}

// Passes the root's Cache-Control down to every page (pages without their own headers inherit it).
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <SiteStyles signedIn={Boolean(rootData?.user)} />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
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
  return (
    <>
      <Navbar user={rootData?.user ?? null} />
      <main id="main">
        {notFound ? (
          <NotFound />
        ) : (
          <section className="container page-message" role="alert">
            <h1>{unavailable ? "Temporarily unavailable" : "Something went wrong"}</h1>
            <p>
              {isRouteErrorResponse(error) && error.status === 403
                ? "Sorry, this page is for administrators only."
                : unavailable
                  ? "The site is temporarily unavailable. Please try again in a moment."
                  : (refusal ?? "Sorry, we could not show this page. Please try again.")}
            </p>
          </section>
        )}
      </main>
      <Footer contact={rootData?.contact} />
    </>
  );
}
