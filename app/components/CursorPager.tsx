// Previous / Next links of a keyset-paged list (cursors in the query string: plain links, so they
// work without JavaScript), and a link back to the first page once paged.
import { Link } from "@remix-run/react";

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
  if (!previous && !next && !first) return null;
  return (
    <nav className="pager" aria-label={label}>
      {first !== null ? <Link to={first || "?"}>First page</Link> : null}
      {previous ? (
        <Link to={previous} rel="prev">
          ← Previous
        </Link>
      ) : null}
      {next ? (
        <Link to={next} rel="next">
          Next →
        </Link>
      ) : null}
    </nav>
  );
}
