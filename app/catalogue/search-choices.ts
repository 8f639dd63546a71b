// The choices of the catalogue's search form (app/components/CatalogueSearch.tsx), apart from the
// schemas that read them back (search.ts): a light door (docs/decisions/0012-module-layout.md), so
// that /services shows its form in the browser without loading zod (docs/performance.md).

export const CATALOGUE_SORTS = ["newest", "price-asc", "price-desc", "departure", "rating"] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** The duration choices the page offers; `days` also takes any N, N-M or N+. */
export const DURATION_CHOICES = [
  { value: "1-3", label: "1 to 3 days" },
  { value: "4-7", label: "4 to 7 days" },
  { value: "8+", label: "8 days or more" },
] as const;

export const CATALOGUE_PAGE_SIZE = 12;
