import type { LinksFunction, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Footer } from "~/components/Footer";
import { Navbar } from "~/components/Navbar";
import { NotFound } from "~/components/NotFound";
import styles from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Tour Booking — travel packages across Bangladesh" },
  {
    name: "description",
    content: "Browse tour packages across Bangladesh, read travellers' reviews, book and pay online.",
  },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Lets browser tests (and CSS) know the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <Navbar />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <Navbar />
      <main id="main">
        {notFound ? (
          <NotFound />
        ) : (
          <section className="container page-message" role="alert">
            <h1>Something went wrong</h1>
            <p>
              {isRouteErrorResponse(error) && error.status === 503
                ? "The site is temporarily unavailable. Please try again in a moment."
                : "Sorry, we could not show this page. Please try again."}
            </p>
          </section>
        )}
      </main>
      <Footer />
    </>
  );
}
