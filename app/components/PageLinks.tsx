import { Link } from "@remix-run/react";
import { pageHref } from "~/domain/paging";

/** Previous / "Page N of M" / next, as plain links keeping the list's other query parameters. */
export function PageLinks({
  page,
  pages,
  searchParams,
  label,
}: {
  page: number;
  pages: number;
  searchParams: URLSearchParams;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="page-links" aria-label={label}>
      {page > 1 ? (
        <Link to={pageHref(searchParams, page - 1)} rel="prev">
          Previous
        </Link>
      ) : null}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(searchParams, page + 1)} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
