// Door of app/catalogue/ for the server: its operations.
// Catalogue: the packages, their search, reviews, photos and structured data.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export {
  createPackage,
  deletePackage,
  findPackage,
  findPackageToOrder,
  listPackageCards,
  listPackagesForSitemap,
  listPackagesToOrder,
  savePackageRefundPolicy,
  updatePackage,
} from "./package-store.server";
export { maxUploadFormBytes, photoFormReply, readFormWithPhotos, readPhotoUpload } from "./photo-upload.server";
export { photoVariant } from "./photos.server";
export {
  countFlaggedReviews,
  deleteReview,
  findReviewToModerate,
  hideReview,
  listRecentReviews,
  listReviewsPage,
  listReviewsWithEmails,
  packageReviews,
  reportReview,
  reviewablePackages,
  showReview,
} from "./review-store.server";
export { postReview } from "./reviews.server";
export { cursorAfter, readCursor, searchCatalogueAfter, searchCataloguePage } from "./search-store.server";
// Also on the browser door (the API's OpenAPI document reads the schemas); here for loaders, whose
// imports of ~/catalogue would put every schema of the folder, and zod, in the page's browser bundle
// (docs/performance.md).
export { isFiltered, pageParam, readCatalogueQuery } from "./search";
