// The built stylesheet's text for SiteStyles (app/http/site-styles.tsx): `remix build` writes
// it under public/build with a fingerprinted name, which the import gives.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import styles from "~/styles/app.css";

let cached: { url: string; css: string } | undefined;

export function siteStyles(): string {
  if (cached?.url !== styles) {
    // The "</" of a closing tag cannot occur in our CSS; escaped anyway so no text ends the <style>.
    const css = readFileSync(join(process.cwd(), "public", styles), "utf8").replace(/<\//g, "<\\/");
    cached = { url: styles, css };
  }
  return cached.css;
}
