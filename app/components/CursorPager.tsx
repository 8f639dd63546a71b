// Previous / Next links of a keyset-paged list (cursors in the query string: plain links, so they
// work without JavaScript), and a link back to the first page once paged.
import { Link } from "@remix-run/react";
import { useT } from "~/components/language-context";

export function CursorPager({
  previous,
  next,
  first,
  label,
}: {
  previous: string | null;
  next: string | null;
  /** the first page's query string, shown when the list is paged */
  first: string | null;
  label: string;
}) {
  const { t } = useT();
  if (!previous && !next && !first) return null;
  return (
    <nav className="pager" aria-label={label}>
      {first !== null ? <Link to={first || "?"}>{t("dashboard.pager.first")}</Link> : null}
      {previous ? (
        <Link to={previous} rel="prev">
          {t("dashboard.pager.previous")}
        </Link>
      ) : null}
      {next ? (
        <Link to={next} rel="next">
          {t("dashboard.pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}
