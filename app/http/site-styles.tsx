// The site's one stylesheet. A visitor's page inlines it in its <head>: a phone on a slow network
// paints without a second round trip (docs/performance.md, Lighthouse). The page also asks the
// browser to prefetch the stylesheet's file when idle, so a signed-in page, the kind a user loads
// many of, links that file (fingerprinted, cached a year) instead of carrying its 33 KB again
// each time (docs/decisions/0018-cheap-cached-pages.md). The server provides the
// text (app/http/site-styles.server.ts); in the browser the context stays null and the <style>
// hydrates as the server wrote it (React leaves the content of dangerouslySetInnerHTML alone when
// hydrating), so the CSS is not in the JavaScript too.
import { createContext, useContext, useState } from "react";
import stylesheet from "~/styles/app.css";

export const InlineStylesContext = createContext<string | null>(null);

export function SiteStyles({ signedIn }: { signedIn: boolean }) {
  const css = useContext(InlineStylesContext);
  // The document's first render decides for the page's life: hydration must find what the server
  // wrote, and a swap after a client-side sign-in would leave the page unstyled for a moment.
  const [linked] = useState(signedIn);
  if (linked) return <link rel="stylesheet" href={stylesheet} />;
  return (
    <>
      <style id="site-styles" dangerouslySetInnerHTML={{ __html: css ?? "" }} suppressHydrationWarning />
      <link rel="prefetch" href={stylesheet} />
    </>
  );
}
