// Door of app/catalogue/ for the browser and the server: its schemas, rules and labels.
// Catalogue: the packages, their search, reviews, photos and structured data.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export {
  CATEGORY_ROWS_MAX,
  categoryRows,
  DEFAULT_BALANCE_DUE_DAYS,
  MAX_BALANCE_DUE_DAYS,
  type ItineraryDay,
  itineraryRows,
  packageFormSchema,
  packageSchema,
  readItinerary,
} from "./packages";
export { reviewModerationSchema, reviewReportFormSchema, reviewSchema } from "./reviews";
export { catalogueQueryShape, pageParam, type ParameterName, type QueryErrors, readCatalogueQuery } from "./search";
export { touristTrip } from "./structured-data";
export { DEFAULT_CATEGORY_ID, MAX_AGE, MAX_PRICE, PRICE_CATEGORY_TYPES, type PriceCategory } from "./price-categories";
export {
  packageFactsJson,
  packageFactsSchema,
  type PackageRecord,
  photoUrlSchema,
  reviewInputSchema,
  reviewJson,
  reviewRecordSchema,
  reviewReportedSchema,
  reviewReportInputSchema,
  serviceInputSchema,
  servicesQuerySchema,
} from "./catalogue-api";
