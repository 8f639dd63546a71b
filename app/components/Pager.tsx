// Previous / next links of a paged back-office list (plain links: works without JavaScript).
import { Link, useSearchParams } from "@remix-run/react";
import { pageHref } from "~/domain/paging";

export function Pager({ page, pages, label }: { page: number; pages: number; label: string }) {
  const [params] = useSearchParams();
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <Link to={pageHref(params, Math.min(page - 1, pages))} rel="prev" className="button button-small button-secondary">
          Previous page
        </Link>
      ) : null}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(params, page + 1)} rel="next" className="button button-small button-secondary">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
