// Numbered page links (plain links: they work without JavaScript and can be bookmarked): the first
// and last pages, the current one and two on each side, Previous and Next.
import { Link, useSearchParams } from "@remix-run/react";
import { useT } from "~/components/language-context";
import { pageHref } from "~/platform/page-links";

function shown(page: number, pageCount: number): (number | "gap")[] {
  const pages: (number | "gap")[] = [];
  for (let number = 1; number <= pageCount; number++) {
    const near = Math.abs(number - page) <= 2 || number === 1 || number === pageCount;
    if (near) pages.push(number);
    else if (pages[pages.length - 1] !== "gap") pages.push("gap");
  }
  return pages;
}

export function Pager({
  page,
  pageCount,
  href,
  label,
}: {
  page: number;
  pageCount: number;
  /** the address of a page; by default this page's address with ?page=N */
  href?: (page: number) => string;
  label?: string;
}) {
  const [searchParams] = useSearchParams();
  const { t } = useT();
  if (pageCount <= 1) return null;
  const to = href ?? ((number: number) => pageHref(searchParams, number));
  return (
    <nav className="pager" aria-label={label ?? t("common.ui.pager.label")}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={to(Math.min(page - 1, pageCount))} rel="prev" className="pager-step">
              {t("common.ui.pager.previous")}
            </Link>
          </li>
        ) : null}
        {shown(page, pageCount).map((number, index) =>
          number === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="pager-gap">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={to(number)}
                aria-current={number === page ? "page" : undefined}
                aria-label={t("common.ui.pager.page", { number })}
              >
                {t("common.ui.pager.number", { number })}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={to(page + 1)} rel="next" className="pager-step">
              {t("common.ui.pager.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
