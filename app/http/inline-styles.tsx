// The site's one stylesheet, inlined into every page's <head> instead of a render-blocking
// <link> (docs/performance.md: it is 4 KB gzipped and every page needs all of it before its first
// paint). The server provides the text (app/http/inline-styles.server.ts); in the browser the
// context stays null and the <style> hydrates as the server wrote it (React leaves the content of
// dangerouslySetInnerHTML alone when hydrating), so the CSS is not in the JavaScript too.
import { createContext, useContext } from "react";

export const InlineStylesContext = createContext<string | null>(null);

export function InlineStyles() {
  const css = useContext(InlineStylesContext);
  return <style id="site-styles" dangerouslySetInnerHTML={{ __html: css ?? "" }} suppressHydrationWarning />;
}
