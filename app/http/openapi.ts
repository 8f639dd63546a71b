// The OpenAPI 3.1 description of the JSON API under /api (docs/spec.md §7 plus the token call), served at
// /api/openapi.json, generated from the zod schemas the handlers validate with and answer in: each
// capability's own (app/<capability>/*-api.ts, through its door) and the shared answers of
// app/http/api-schemas.ts. The contract tests check requests and answers against it.
import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  adminFlagSchema,
  makeAdminInputSchema,
  savedUserSchema,
  tokenRequestSchema,
  tokenSchema,
  userInputSchema,
  userRoleInputSchema,
  userRoleSchema,
  userSchema,
} from "~/accounts";
import {
  cancelInputSchema,
  cancellationSchema,
  checkInInputSchema,
  checkInSchema,
  deleteOrderResultSchema,
  departureInputSchema,
  departurePatchSchema,
  departurePricesBulkSchema,
  departureRecordSchema,
  idempotencyKey,
  manifestEntrySchema,
  offlinePaymentInputSchema,
  orderInputSchema,
  orderSchema,
  ordersQuerySchema,
  paymentClaimDecisionSchema,
  paymentClaimInputSchema,
  paymentClaimSchema,
  paymentClaimsQuerySchema,
  paymentInputSchema,
  paymentIntentInputSchema,
  promoCodeInputSchema,
  promoCodePatchSchema,
  promoCodeSchema,
  serviceSchema,
  travellersInputSchema,
  waitlistEntrySchema,
  waitlistInputSchema,
  waitlistJoinedSchema,
} from "~/booking";
import {
  photoUrlSchema,
  reviewInputSchema,
  reviewRecordSchema,
  reviewReportedSchema,
  reviewReportInputSchema,
  serviceInputSchema,
  servicesQuerySchema,
} from "~/catalogue";
import { resellerCapsPatchSchema, resellerInputSchema, resellerKeyCreatedSchema, resellerSchema } from "~/distribution";
import * as api from "~/http/api-schemas";
import { broadcastInputSchema, broadcastResultSchema, messageLogEntrySchema } from "~/messages";
import {
  clientSecretSchema,
  exchangeRateInputSchema,
  exchangeRateSchema,
  paymentSchema,
  paymentSessionInputSchema,
  paymentSessionSchema,
  refundSchema,
} from "~/payments";
import { isBlankable } from "~/platform/fields";
import { pageQuerySchema } from "~/platform/paging";

// registry.register names a schema through the .openapi() this adds to zod (server side only).
extendZodWithOpenApi(z);

const registry = new OpenAPIRegistry();

const schemas = {
  Error: registry.register("Error", api.errorSchema),
  TokenRequest: registry.register("TokenRequest", tokenRequestSchema),
  Token: registry.register("Token", tokenSchema),
  AdminFlag: registry.register("AdminFlag", adminFlagSchema),
  User: registry.register("User", userSchema),
  UserInput: registry.register("UserInput", userInputSchema),
  SavedUser: registry.register("SavedUser", savedUserSchema),
  MakeAdminInput: registry.register("MakeAdminInput", makeAdminInputSchema),
  UserRoleInput: registry.register("UserRoleInput", userRoleInputSchema),
  UserRole: registry.register("UserRole", userRoleSchema),
  Service: registry.register("Service", serviceSchema),
  ServiceInput: registry.register("ServiceInput", serviceInputSchema),
  Review: registry.register("Review", reviewRecordSchema),
  ReviewInput: registry.register("ReviewInput", reviewInputSchema),
  ReviewReportInput: registry.register("ReviewReportInput", reviewReportInputSchema),
  ReviewReported: registry.register("ReviewReported", reviewReportedSchema),
  Payment: registry.register("Payment", paymentSchema),
  Order: registry.register("Order", orderSchema),
  OrderInput: registry.register("OrderInput", orderInputSchema),
  PaymentInput: registry.register("PaymentInput", paymentInputSchema),
  TravellersInput: registry.register("TravellersInput", travellersInputSchema),
  PaymentIntentInput: registry.register("PaymentIntentInput", paymentIntentInputSchema),
  ClientSecret: registry.register("ClientSecret", clientSecretSchema),
  PaymentSessionInput: registry.register("PaymentSessionInput", paymentSessionInputSchema),
  PaymentSession: registry.register("PaymentSession", paymentSessionSchema),
  InsertedId: registry.register("InsertedId", api.insertedIdSchema),
  OfflinePaymentInput: registry.register("OfflinePaymentInput", offlinePaymentInputSchema),
  PaymentClaimInput: registry.register("PaymentClaimInput", paymentClaimInputSchema),
  PaymentClaimDecision: registry.register("PaymentClaimDecision", paymentClaimDecisionSchema),
  PaymentClaim: registry.register("PaymentClaim", paymentClaimSchema),
  DeletedCount: registry.register("DeletedCount", api.deletedCountSchema),
  DeleteOrderResult: registry.register("DeleteOrderResult", deleteOrderResultSchema),
  Refund: registry.register("Refund", refundSchema),
  Cancellation: registry.register("Cancellation", cancellationSchema),
  CancelInput: registry.register("CancelInput", cancelInputSchema),
  ModifiedCount: registry.register("ModifiedCount", api.modifiedCountSchema),
  PhotoUrl: registry.register("PhotoUrl", photoUrlSchema),
  Departure: registry.register("Departure", departureRecordSchema),
  DepartureInput: registry.register("DepartureInput", departureInputSchema),
  DeparturePatch: registry.register("DeparturePatch", departurePatchSchema),
  DeparturePricesBulk: registry.register("DeparturePricesBulk", departurePricesBulkSchema),
  PromoCode: registry.register("PromoCode", promoCodeSchema),
  PromoCodeInput: registry.register("PromoCodeInput", promoCodeInputSchema),
  PromoCodePatch: registry.register("PromoCodePatch", promoCodePatchSchema),
  Reseller: registry.register("Reseller", resellerSchema),
  ResellerInput: registry.register("ResellerInput", resellerInputSchema),
  ResellerCapsPatch: registry.register("ResellerCapsPatch", resellerCapsPatchSchema),
  ResellerKeyCreated: registry.register("ResellerKeyCreated", resellerKeyCreatedSchema),
  ManifestEntry: registry.register("ManifestEntry", manifestEntrySchema),
  CheckInInput: registry.register("CheckInInput", checkInInputSchema),
  CheckIn: registry.register("CheckIn", checkInSchema),
  ExchangeRate: registry.register("ExchangeRate", exchangeRateSchema),
  ExchangeRateInput: registry.register("ExchangeRateInput", exchangeRateInputSchema),
  MessageLogEntry: registry.register("MessageLogEntry", messageLogEntrySchema),
  BroadcastInput: registry.register("BroadcastInput", broadcastInputSchema),
  BroadcastResult: registry.register("BroadcastResult", broadcastResultSchema),
  WaitlistInput: registry.register("WaitlistInput", waitlistInputSchema),
  WaitlistJoined: registry.register("WaitlistJoined", waitlistJoinedSchema),
  WaitlistEntry: registry.register("WaitlistEntry", waitlistEntrySchema),
};

registry.registerComponent("securitySchemes", "cookieAuth", {
  type: "apiKey",
  in: "cookie",
  name: "__session",
  description: "The site's session cookie (after logging in on the site)",
});
registry.registerComponent("securitySchemes", "bearerAuth", {
  type: "http",
  scheme: "bearer",
  description: "A token from POST /api/auth/token",
});

const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
const header = (description: string, type: "string" | "integer") => ({ required: true, description, schema: { type } });

/** The error answers, by status: name, description and the headers that come with them. */
const ERRORS: Record<number, [name: string, description: string, headers?: Record<string, ReturnType<typeof header>>]> = {
  400: ["BadRequest", "Invalid input: details names each invalid field"],
  401: [
    "Unauthorized",
    "Not signed in, or the token is invalid, expired or revoked",
    { "WWW-Authenticate": header('Bearer realm="api"', "string") },
  ],
  403: ["Forbidden", "Signed in without the right (or a cookie write from another site)"],
  404: ["NotFound", "No such record (or one that belongs to someone else), or no such API call"],
  405: ["MethodNotAllowed", "This path does not offer that method", { Allow: header("The methods the path offers", "string") }],
  409: [
    "Conflict",
    "The record's state forbids it (an order already paid, cancelled, expired or past departure; too few seats left; a date taken)",
  ],
  413: ["PayloadTooLarge", "The body is larger than 64 KB (a photo: larger than UPLOAD_MAX_MB)"],
  415: ["UnsupportedMediaType", "The body is neither JSON nor a URL-encoded form (a photo: not a JPEG, PNG or WebP)"],
  429: [
    "TooManyRequests",
    "Too many attempts or writes in a while (see Retry-After)",
    { "Retry-After": header("Seconds to wait", "integer") },
  ],
  502: ["BadGateway", "The payment gateway (Stripe, SSLCommerz, bKash) could not be reached or refused the request"],
  503: [
    "ServiceUnavailable",
    "Payments (or that payment gateway, or a usable exchange rate) are not configured on this server, the photo storage cannot be reached, or too many password checks are waiting (see Retry-After)",
    { "Retry-After": header("Seconds to wait", "integer") },
  ],
};
for (const [name, description, headers] of Object.values(ERRORS)) {
  registry.registerComponent("responses", name, { description, content: errorContent, ...(headers ? { headers } : {}) });
}

/** The error answers a call can give, by status. */
const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [String(status), { $ref: `#/components/responses/${ERRORS[status][0]}` }]),
  ) as unknown as Record<string, ResponseConfig>;

const json = (description: string, schema: z.ZodTypeAny): ResponseConfig => ({
  description,
  content: { "application/json": { schema } },
});

/** A page of a list: a plain array, and the next page's URL in Link when there is one. */
const page = (description: string, schema: z.ZodTypeAny): ResponseConfig => ({
  ...json(`${description}: at most \`limit\` of them`, z.array(schema)),
  headers: {
    Link: {
      required: false,
      description: '`<URL of the next page>; rel="next"`, absent on the last page',
      schema: { type: "string" },
    },
  },
});

/** A JSON or form body (both are accepted), validated by this very schema. */
const body = (schema: z.ZodTypeAny) => ({
  required: true,
  content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } },
});

const signedIn: Record<string, string[]>[] = [{ cookieAuth: [] }, { bearerAuth: [] }];
/** Writes with a body: bad fields, body too large, not JSON/form, a cookie write from another site. */
const WRITE_ERRORS = [400, 401, 403, 413, 415];

const idParams = (description: string) => z.object({ id: z.string().describe(description) });

function route(config: RouteConfig) {
  registry.registerPath(config);
}

route({
  method: "post",
  path: "/api/auth/token",
  summary: "Exchange an email and password for a bearer token (rate limited like the login form)",
  operationId: "createToken",
  request: { body: body(schemas.TokenRequest) },
  responses: { 200: json("A new token", schemas.Token), ...errors(400, 401, 403, 413, 415, 429, 503) },
});
route({
  method: "delete",
  path: "/api/auth/token",
  summary: "Revoke the bearer token this request presents",
  operationId: "revokeToken",
  security: [{ bearerAuth: [] }],
  responses: { 200: json("The token is revoked", schemas.DeletedCount), ...errors(401) },
});
route({
  method: "get",
  path: "/api/users/{email}",
  summary: "Whether an email belongs to an administrator (false for unknown emails; reveals nothing else)",
  operationId: "isAdmin",
  request: { params: z.object({ email: z.string() }) },
  responses: { 200: json("Admin flag", schemas.AdminFlag), ...errors(429) },
});
route({
  method: "get",
  path: "/api/users",
  summary: "All users, oldest first, a page at a time (administrators only)",
  operationId: "listUsers",
  security: signedIn,
  request: { query: pageQuerySchema },
  responses: { 200: page("Users", schemas.User), ...errors(400, 401, 403) },
});
route({
  method: "post",
  path: "/api/users",
  summary: "Save the caller's own user record (after registration)",
  operationId: "saveUser",
  security: signedIn,
  request: { body: body(schemas.UserInput) },
  responses: { 200: json("The saved record", schemas.SavedUser), ...errors(...WRITE_ERRORS) },
});
route({
  method: "put",
  path: "/api/users",
  summary: "Save the caller's own user record (after Google sign-in)",
  operationId: "updateUser",
  security: signedIn,
  request: { body: body(schemas.UserInput) },
  responses: { 200: json("The saved record", schemas.SavedUser), ...errors(...WRITE_ERRORS) },
});
route({
  method: "put",
  path: "/api/users/admin",
  summary: "Make a user an administrator (administrators only)",
  operationId: "makeAdmin",
  security: signedIn,
  request: { body: body(schemas.MakeAdminInput) },
  responses: {
    200: json("1 if the user became an admin, 0 if already one", schemas.ModifiedCount),
    ...errors(...WRITE_ERRORS, 404),
  },
});
route({
  method: "put",
  path: "/api/users/role",
  summary: "Give a user a role: customer, guide or admin (administrators only)",
  description:
    "A guide sees the departures, their manifests and does check-in, nothing else. Recorded in the users' audit log like the users page's changes. " +
    "The last enabled administrator keeps the role (409).",
  operationId: "changeUserRole",
  security: signedIn,
  request: { body: body(schemas.UserRoleInput) },
  responses: {
    200: json("The account's role now", schemas.UserRole),
    ...errors(...WRITE_ERRORS, 404, 409),
  },
});
route({
  method: "get",
  path: "/api/services",
  summary: "Packages on sale, searched, sorted and paged (first page: the newest 50)",
  description:
    "Answers at most `limit` packages; when more follow, the `Link` header gives the next page's URL (the same parameters and a `cursor`). " +
    "A cursor stays valid when packages are added: the next page neither repeats nor skips one. Invalid parameters answer 400 with `details` naming each.",
  operationId: "listServices",
  request: { query: servicesQuerySchema },
  responses: {
    200: {
      ...json("Packages", z.array(schemas.Service)),
      headers: {
        Link: {
          required: false,
          description: 'Present when more packages follow: `</api/services?…&cursor=…>; rel="next"`',
          schema: { type: "string" },
        },
      },
    },
    ...errors(400),
  },
});
route({
  method: "post",
  path: "/api/services",
  summary: "Add a package (administrators only)",
  operationId: "addService",
  security: signedIn,
  request: { body: body(schemas.ServiceInput) },
  responses: { 201: json("The new package's id", schemas.InsertedId), ...errors(...WRITE_ERRORS) },
});
const photoBytes = { schema: { type: "string" as const, format: "binary" } };
route({
  method: "post",
  path: "/api/photos",
  summary:
    "Upload a package photo (administrators only): JPEG, PNG or WebP by its content, at most UPLOAD_MAX_MB; served in WebP sizes under the URL's /photos/{id}/",
  operationId: "uploadPhoto",
  security: signedIn,
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] },
        },
        "image/jpeg": photoBytes,
        "image/png": photoBytes,
        "image/webp": photoBytes,
      },
    },
  },
  responses: { 201: json("The stored photo's URL", schemas.PhotoUrl), ...errors(...WRITE_ERRORS, 503) },
});
route({
  method: "get",
  path: "/api/services/{id}",
  summary: "One package",
  operationId: "getService",
  request: { params: idParams("The package's _id") },
  responses: { 200: json("The package", schemas.Service), ...errors(404) },
});
route({
  method: "put",
  path: "/api/services/{id}",
  summary:
    "Replace a package (administrators only): the fields of POST; a trip fact left out is cleared; orders keep their title and price",
  operationId: "updateService",
  security: signedIn,
  request: { params: idParams("The package's _id"), body: body(schemas.ServiceInput) },
  responses: { 200: json("Saved", schemas.ModifiedCount), ...errors(...WRITE_ERRORS, 404) },
});
route({
  method: "delete",
  path: "/api/services/{id}",
  summary: "Remove a package (administrators only; orders keep its title and price)",
  operationId: "deleteService",
  security: signedIn,
  request: { params: idParams("The package's _id") },
  responses: { 200: json("Removed", schemas.DeletedCount), ...errors(401, 403, 404) },
});
route({
  method: "get",
  path: "/api/services/{id}/departures",
  summary: "The package's open future departures with their seats left (every departure for administrators), by date",
  description:
    "For administrators and guides each departure also carries its guide ({ name, phone }, null when none is assigned); others do not get the field.",
  operationId: "listDepartures",
  security: [{}, ...signedIn],
  request: { params: idParams("The package's _id") },
  responses: { 200: json("Departures", z.array(schemas.Departure)), ...errors(404) },
});
route({
  method: "post",
  path: "/api/services/{id}/departures",
  summary: "Add a departure: a future date (one per date) and 1 to 500 seats (administrators only)",
  operationId: "addDeparture",
  security: signedIn,
  request: { params: idParams("The package's _id"), body: body(schemas.DepartureInput) },
  responses: { 201: json("The new departure's id", schemas.InsertedId), ...errors(...WRITE_ERRORS, 404, 409) },
});
route({
  method: "post",
  path: "/api/services/{id}/departures/prices",
  summary:
    "The same prices or percent for every departure of the package from one date to another, inclusive (administrators only)",
  description:
    "Cancelled departures keep theirs; bookings already made keep their prices; each departure's change is recorded. Answers how many departures changed.",
  operationId: "changeDeparturePrices",
  security: signedIn,
  request: { params: idParams("The package's _id"), body: body(schemas.DeparturePricesBulk) },
  responses: { 200: json("How many departures changed", schemas.ModifiedCount), ...errors(...WRITE_ERRORS, 404) },
});
route({
  method: "patch",
  path: "/api/departures/{id}",
  summary:
    "Close, reopen or cancel a departure (cancelling cancels and refunds its bookings), change its seats (never below the seats sold), its prices, or assign its guide (administrators only)",
  description:
    'Send one of status, seats, guide, prices or percent. prices are dollars per price category ([{ category, price }]; a category left out costs the package\'s price; null removes the override), percent moves every package price up or down instead; bookings already made keep their prices, and every change is recorded (who, when, from, to). guide is the email of an account with the guide role, or null for none; any other email is a 400 naming the field guide (details: { "guide": [...] }). A guide reads only the manifests and check-in of their own departures, and of departures with no guide assigned.',
  operationId: "changeDeparture",
  security: signedIn,
  request: { params: idParams("The departure's _id"), body: body(schemas.DeparturePatch) },
  responses: {
    200: json("1 when changed, 0 when it already was so", schemas.ModifiedCount),
    ...errors(...WRITE_ERRORS, 404, 409),
  },
});
route({
  method: "get",
  path: "/api/departures/{id}/manifest",
  summary: "The departure's manifest: every traveller of its live bookings (administrators, and the departure's guide)",
  description:
    "Booking by booking, travellers in their order. ID numbers are not in it: the manifest page reveals one at a time, each reveal recorded. A guide gets 403 for a departure assigned to another guide; a departure with no guide assigned is open to every guide.",
  operationId: "departureManifest",
  security: signedIn,
  request: { params: idParams("The departure's _id") },
  responses: { 200: json("The travellers", z.array(schemas.ManifestEntry)), ...errors(401, 403, 404) },
});
route({
  method: "post",
  path: "/api/departures/{id}/check-in",
  summary: "Mark a traveller of the departure checked in, a no-show, or neither (administrators, and the departure's guide)",
  description:
    "Records who and when. 404 when the traveller is not on a live booking of this departure; 403 for a guide when the departure is assigned to another guide.",
  operationId: "checkIn",
  security: signedIn,
  request: { params: idParams("The departure's _id"), body: body(schemas.CheckInInput) },
  responses: { 200: json("The traveller's check-in now", schemas.CheckIn), ...errors(...WRITE_ERRORS, 404) },
});
route({
  method: "get",
  path: "/api/review",
  summary:
    "Reviews, newest first, a page at a time, each with verifiedTraveller (its author was checked in on a booking of the package reviewed); the reviewer's email only for administrators; reviews an administrator hid only for administrators, marked hidden",
  operationId: "listReviews",
  security: [{}, ...signedIn],
  request: { query: pageQuerySchema },
  responses: { 200: page("Reviews", schemas.Review), ...errors(400) },
});
route({
  method: "post",
  path: "/api/review",
  summary: "Add a review (signed in; name, email and photo come from the account, not the body)",
  operationId: "addReview",
  security: signedIn,
  request: { body: body(schemas.ReviewInput) },
  responses: { 201: json("The new review's id", schemas.InsertedId), ...errors(...WRITE_ERRORS, 429) },
});
route({
  method: "post",
  path: "/api/review/{id}/report",
  summary: "Report a review as abusive (signed in; a second report of the same review by the same user counts once)",
  operationId: "reportReview",
  security: signedIn,
  request: { params: idParams("The review's _id"), body: { ...body(schemas.ReviewReportInput), required: false } },
  responses: { 200: json("Reported", schemas.ReviewReported), ...errors(...WRITE_ERRORS, 404, 429) },
});
route({
  method: "get",
  path: "/api/my-orders",
  summary:
    "All orders (administrators), or with ?email= the orders of that user (that user or an administrator), a page at a time",
  operationId: "listOrders",
  security: signedIn,
  request: { query: ordersQuerySchema },
  responses: { 200: page("Orders, newest first", schemas.Order), ...errors(400, 401, 403) },
});
route({
  method: "post",
  path: "/api/my-orders",
  summary:
    "Place an order (signed in); the server prices it from the package's price categories: with travellers, each traveller's category; without, quantity persons of the first category, names to follow. A traveller's error is a 400 naming it and the field (details: { \"travellers[2].dateOfBirth\": [...] }); ages are checked on the travel date, ID numbers required when the package's idRequired. A package with departures needs one (400 without), and the seats of the travellers who take one (an infant on a lap takes none) are taken with the order (409 when too few are left, or when the account would hold more seats unpaid than it may). Its emails go to the account's address, never to the order's contact email",
  operationId: "placeOrder",
  security: signedIn,
  request: { headers: z.object({ "Idempotency-Key": idempotencyKey }), body: body(schemas.OrderInput) },
  responses: { 201: json("The new order's id", schemas.InsertedId), ...errors(...WRITE_ERRORS, 409, 429) },
});
route({
  method: "get",
  path: "/api/my-orders/{id}",
  summary: "One order (its owner or an administrator; anyone else gets 404)",
  operationId: "getOrder",
  security: signedIn,
  request: { params: idParams("The order's _id") },
  responses: { 200: json("The order", schemas.Order), ...errors(401, 404) },
});
route({
  method: "put",
  path: "/api/my-orders/{id}",
  summary: "Record the payment of an order (its owner or an administrator) once Stripe confirms the payment intent",
  operationId: "savePayment",
  security: signedIn,
  request: { params: idParams("The order's _id"), body: body(schemas.PaymentInput) },
  responses: {
    200: json("1 when this call recorded the payment, 0 when it was already recorded", schemas.ModifiedCount),
    ...errors(...WRITE_ERRORS, 404, 409, 502, 503),
  },
});
route({
  method: "delete",
  path: "/api/my-orders/{id}",
  summary:
    "Delete an order (its owner while unpaid, or an administrator); the record is kept. An administrator's delete of a paid booking cancels it with the package's policy refund instead",
  operationId: "deleteOrder",
  security: signedIn,
  request: { params: idParams("The order's _id") },
  responses: {
    200: json(
      "Deleted (deletedCount 1), or a paid booking cancelled instead (deletedCount 0 with status and refund)",
      schemas.DeleteOrderResult,
    ),
    ...errors(401, 403, 404, 409, 502, 503),
  },
});
route({
  method: "post",
  path: "/api/my-orders/{id}/cancel",
  summary:
    "Cancel a booking: its owner before departure, refunded per the package's refund policy; an administrator any booking, with the policy refund or the amount sent. An unpaid booking is cancelled without refund. Seats are released",
  operationId: "cancelOrder",
  security: signedIn,
  request: { params: idParams("The order's _id"), body: { ...body(schemas.CancelInput), required: false } },
  responses: {
    200: json("Cancelled, with the refund made (null when none)", schemas.Cancellation),
    ...errors(...WRITE_ERRORS, 404, 409, 502, 503),
  },
});
route({
  method: "post",
  path: "/api/my-orders/{id}/payments",
  summary:
    "Record money received outside the card provider (cash, bank transfer, bKash, Nagad) with its reference (administrators only): it counts toward the deposit and the balance like a card payment",
  description:
    "400 naming the field (an amount above the balance too); 409 for a closed or paid booking, a reference already recorded (a bKash/Nagad transaction id once, whichever of the two it was filed under), or an amount beyond the balance paid meanwhile.",
  operationId: "recordOfflinePayment",
  security: signedIn,
  request: { params: idParams("The order's _id"), body: body(schemas.OfflinePaymentInput) },
  responses: { 201: json("The payment recorded", schemas.InsertedId), ...errors(...WRITE_ERRORS, 404, 409) },
});
route({
  method: "post",
  path: "/api/my-orders/{id}/payment-claims",
  summary:
    "The order's owner submits a bKash/Nagad transaction id and amount; it awaits an administrator's verification. The same transaction id again (under either method, case and spaces aside) gives the same claim (a rejected one is opened again); one another customer submitted is taken for review and flagged to the administrators",
  description:
    "400 naming the field; 409 for a closed or paid booking, an amount beyond the balance, or while the claims awaiting verification already cover the balance; 429 past RATE_LIMIT_CLAIM_MAX claims an account may send in RATE_LIMIT_WRITE_WINDOW_MINUTES. A claim that covers what secures a pending booking keeps its seats until an administrator decides, at most PAYMENT_CLAIM_HOLD_HOURS.",
  operationId: "submitPaymentClaim",
  security: signedIn,
  request: { params: idParams("The order's _id"), body: body(schemas.PaymentClaimInput) },
  responses: { 201: json("The claim", schemas.InsertedId), ...errors(...WRITE_ERRORS, 404, 409, 429) },
});
route({
  method: "post",
  path: "/api/my-orders/{id}/payment-sessions",
  summary:
    "Start paying the order the caller owns through a gateway: SSLCommerz or bKash (in taka at the agency's rate), or Stripe (this site's card page); answers where to send the customer",
  description:
    "The amount is the order's own (its deposit, its balance or the whole; default: everything still due). The payment is recorded only once the gateway confirms it to the server (its IPN or callback routes are in docs/payments.md); the customer comes back to the order page with ?payment=paid|pending|review|failed|cancelled. 400 naming provider or part; 409 when the order is paid, cancelled or expired; 502 when the gateway cannot be reached; 503 when that provider is not offered here or no usable exchange rate is set.",
  operationId: "createPaymentSession",
  security: signedIn,
  request: { params: idParams("The order's _id"), body: body(schemas.PaymentSessionInput) },
  responses: { 201: json("Where to send the customer", schemas.PaymentSession), ...errors(...WRITE_ERRORS, 404, 409, 502, 503) },
});
route({
  method: "get",
  path: "/api/payment-claims",
  summary: "Payment claims in one status, oldest first (administrators only)",
  operationId: "listPaymentClaims",
  security: signedIn,
  request: { query: paymentClaimsQuerySchema },
  responses: { 200: json("Claims", z.array(schemas.PaymentClaim)), ...errors(400, 401, 403) },
});
route({
  method: "patch",
  path: "/api/payment-claims/{id}",
  summary:
    "Accept a pending claim (it becomes a payment of its order) or reject it with the reason the customer reads (administrators only)",
  description:
    "409 when the claim was already decided, its transaction id is already a payment, or its amount is beyond the balance (paid meanwhile). Accepted on a booking that had ended (cancelled meanwhile), its amount is owed back (Refunds owed).",
  operationId: "decidePaymentClaim",
  security: signedIn,
  request: { params: idParams("The claim's _id"), body: body(schemas.PaymentClaimDecision) },
  responses: { 200: json("Decided", schemas.ModifiedCount), ...errors(...WRITE_ERRORS, 404, 409) },
});
route({
  method: "put",
  path: "/api/my-orders/{id}/travellers",
  summary:
    "Complete or correct a booking's travellers (names, dates of birth, ID numbers; never their number or categories): its owner until the cutoff before departure (TRAVELLERS_CUTOFF_HOURS, 403 after it), an administrator at any time. Each traveller's age must fit their category on the travel date; on any error (400, details naming travellers[i].field) nothing is saved",
  operationId: "updateTravellers",
  security: signedIn,
  request: { params: idParams("The order's _id"), body: body(schemas.TravellersInput) },
  responses: { 200: json("The order, its ID numbers masked", schemas.Order), ...errors(...WRITE_ERRORS, 404) },
});
route({
  method: "get",
  path: "/api/my-orders/{id}/messages",
  summary: "The booking's delivery log: every message about it (email, SMS, WhatsApp) and its status (the owner, administrators)",
  description:
    "Oldest first. queued: not sent yet (held by the quiet hours, 22:00 to 08:00 Dhaka, or waiting for a retry: sendsAt says when); sent; delivered and read as WhatsApp reports them; failed with the provider's reason in error. Someone else's order is a 404.",
  operationId: "orderMessages",
  security: signedIn,
  request: { params: idParams("The order's _id") },
  responses: { 200: json("The messages", z.array(schemas.MessageLogEntry)), ...errors(401, 404) },
});
route({
  method: "post",
  path: "/api/departures/{id}/broadcast",
  summary:
    "Send one message to the contact of every booking holding seats on the departure (administrators, and the departure's guide)",
  description:
    "Confirmed bookings and those still on hold. Each recipient gets the text in their language's broadcast template, by each chosen channel that reaches them (SMS and WhatsApp to the booking's mobile number, email to its address). SMS and WhatsApp wait for 08:00 Dhaka time between 22:00 and 08:00 unless urgent. A channel not set up on the site is a 400 naming channels; a guide gets 403 for a departure not assigned to them (an unassigned departure: administrators only).",
  operationId: "broadcastToDeparture",
  security: signedIn,
  request: { params: idParams("The departure's _id"), body: body(schemas.BroadcastInput) },
  responses: { 200: json("Each recipient's message and its status", schemas.BroadcastResult), ...errors(...WRITE_ERRORS, 404) },
});
route({
  method: "post",
  path: "/api/departures/{id}/waitlist",
  summary: "Join the departure's waitlist with a party (signed in): on a date with too few seats for it",
  description:
    "travellers is shaped like an order's travellers ([{ \"category\" }], one per person), or a plain number: that many of the package's first category. Being on a waitlist is never a booking. When seats free up (a cancellation, an expired hold, new seats), the first party that fits gets them held until WAITLIST_OFFER_HOURS later and an email with a link to its checkout; a party that does not fit keeps its place; an offer not taken passes to the next. 400 naming travellers; 404 for no such departure; 409 when the date has enough seats (book it), is not open, or the caller already waits on it.",
  operationId: "joinWaitlist",
  security: signedIn,
  request: { params: idParams("The departure's _id"), body: body(schemas.WaitlistInput) },
  responses: { 201: json("The place", schemas.WaitlistJoined), ...errors(...WRITE_ERRORS, 404, 409) },
});
route({
  method: "delete",
  path: "/api/departures/{id}/waitlist",
  summary: "Leave the departure's waitlist (the caller's own place; seats offered to it pass to the next party)",
  operationId: "leaveWaitlist",
  security: signedIn,
  request: { params: idParams("The departure's _id") },
  responses: { 200: json("Left", schemas.DeletedCount), ...errors(401, 403, 404) },
});
route({
  method: "get",
  path: "/api/departures/{id}/waitlist",
  summary: "The departure's waitlist, first come first, every place with its status (administrators only)",
  operationId: "departureWaitlist",
  security: signedIn,
  request: { params: idParams("The departure's _id") },
  responses: { 200: json("The places", z.array(schemas.WaitlistEntry)), ...errors(401, 403, 404) },
});
route({
  method: "post",
  path: "/api/create-payment-intent",
  summary:
    "Open (or reuse) the Stripe payment intent of an order the caller owns for one part: its deposit, its balance or the whole (default: everything still due)",
  description:
    "One intent per order, part and amount, reused on retry; an intent opened before for another part or amount is cancelled, so only one can be paid. 400 naming part when that part cannot be paid now; 409 when the order is paid, cancelled or expired, was sold by a reseller (channel reseller: the reseller pays the agency, never by card here), or its earlier payment is still being processed by the bank.",
  operationId: "createPaymentIntent",
  security: signedIn,
  request: { body: body(schemas.PaymentIntentInput) },
  responses: { 200: json("The intent's client secret", schemas.ClientSecret), ...errors(...WRITE_ERRORS, 404, 409, 502, 503) },
});
route({
  method: "get",
  path: "/api/promo-codes",
  summary: "Every promo code, newest first, with its redemptions (administrators only)",
  operationId: "listPromoCodes",
  security: signedIn,
  responses: { 200: json("Promo codes", z.array(schemas.PromoCode)), ...errors(401, 403) },
});
route({
  method: "post",
  path: "/api/promo-codes",
  summary:
    "Add a promo code: percentOff or amountOff, its windows and limits; any window, past ones included (administrators only)",
  description: "409 when another code has the same text (in any case).",
  operationId: "createPromoCode",
  security: signedIn,
  request: { body: body(schemas.PromoCodeInput) },
  responses: { 200: json("The new code's id", schemas.InsertedId), ...errors(...WRITE_ERRORS, 409) },
});
route({
  method: "patch",
  path: "/api/promo-codes/{code}",
  summary: "Change a promo code: the fields given replace its own, null clears an optional one (administrators only)",
  description:
    "Giving percentOff drops amountOff and the other way round; the result is checked as a new code is. Its redemptions stay. 409 when renamed to another code's text.",
  operationId: "updatePromoCode",
  security: signedIn,
  request: { params: z.object({ code: z.string().describe("The code, in any case") }), body: body(schemas.PromoCodePatch) },
  responses: { 200: json("1 when changed", schemas.ModifiedCount), ...errors(...WRITE_ERRORS, 404, 409) },
});
route({
  method: "get",
  path: "/api/settings/exchange-rate",
  summary: "The agency's taka per US dollar in force and when it was set (administrators only)",
  description:
    "Local gateways (bKash, SSLCommerz) and manual bKash/Nagad payments are charged in whole taka, rounded up, at this rate while it is at most EXCHANGE_RATE_MAX_AGE_DAYS days old. 404 when no rate was ever set.",
  operationId: "getExchangeRate",
  security: signedIn,
  responses: { 200: json("The rate in force", schemas.ExchangeRate), ...errors(401, 403, 404) },
});
route({
  method: "put",
  path: "/api/settings/exchange-rate",
  summary: "Set the agency's taka per US dollar, from now on (administrators only)",
  description:
    "The previous rates stay as its history (shown on /dashboard/settings). 400 names bdtPerUsd when it is not a number greater than 0 and at most 1000 with up to 4 decimals.",
  operationId: "setExchangeRate",
  security: signedIn,
  request: { body: body(schemas.ExchangeRateInput) },
  responses: { 200: json("The new rate", schemas.ExchangeRate), ...errors(...WRITE_ERRORS) },
});
route({
  method: "get",
  path: "/api/resellers",
  summary: "Every reseller of the OCTO API, newest first, with its keys (administrators only)",
  operationId: "listResellers",
  security: signedIn,
  responses: { 200: json("Resellers", z.array(schemas.Reseller)), ...errors(401, 403) },
});
route({
  method: "post",
  path: "/api/resellers",
  summary: "Add a reseller: name, contact email, commission percent (0 to 100, up to 2 decimals) (administrators only)",
  operationId: "createReseller",
  security: signedIn,
  request: { body: body(schemas.ResellerInput) },
  responses: { 200: json("The new reseller's id", schemas.InsertedId), ...errors(...WRITE_ERRORS) },
});
route({
  method: "patch",
  path: "/api/resellers/{id}",
  summary:
    "Set the seats a reseller's holds may keep unconfirmed: maxHeldSeatsPerDeparture, maxHeldSeats (1 to 10000; either or both) (administrators only)",
  description:
    "A reservation (POST /octo/bookings) or an update that would hold more is refused with an OCTO BAD_REQUEST naming the cap. Holds already made stay.",
  operationId: "updateReseller",
  security: signedIn,
  request: { params: idParams("The reseller's _id"), body: body(schemas.ResellerCapsPatch) },
  responses: { 200: json("1 when the reseller exists", schemas.ModifiedCount), ...errors(...WRITE_ERRORS, 404) },
});
route({
  method: "post",
  path: "/api/resellers/{id}/keys",
  summary: "Create an API key for the reseller: the answer is the only time the key is shown (administrators only)",
  operationId: "createResellerKey",
  security: signedIn,
  request: { params: idParams("The reseller's _id") },
  responses: { 200: json("The key", schemas.ResellerKeyCreated), ...errors(401, 403, 404) },
});
route({
  method: "delete",
  path: "/api/resellers/{id}/keys/{keyId}",
  summary: "Revoke a reseller's API key: the next request with it is refused (administrators only)",
  operationId: "revokeResellerKey",
  security: signedIn,
  request: { params: z.object({ id: z.string().describe("The reseller's _id"), keyId: z.string().describe("The key's _id") }) },
  responses: { 200: json("1 when revoked now, 0 when it was revoked before", schemas.ModifiedCount), ...errors(401, 403, 404) },
});
route({
  method: "get",
  path: "/api/openapi.json",
  summary: "This document",
  operationId: "openApi",
  responses: {
    200: json(
      "OpenAPI 3.1 document",
      z.object({
        openapi: z.literal("3.1.0"),
        info: z.object({}).passthrough(),
        paths: z.object({}).passthrough(),
        components: z.object({}).passthrough(),
      }),
    ),
  },
});

const generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
  openapi: "3.1.0",
  info: {
    title: "Tour Booking API",
    version: "1.0.0",
    description:
      "The back-end calls of the original site (spec section 7) under /api, with server-side authorization. " +
      "Authenticate with the site's session cookie or with `Authorization: Bearer <token>` from POST /api/auth/token " +
      "(tokens are never read from URLs). Cookie-authenticated writes must come from the site's own origin. " +
      "Every error is JSON: `{ error, details? }`, where details names each invalid field. " +
      "A method a path does not offer gets 405 with an Allow header; an unknown /api path gets 404.",
  },
  servers: [{ url: "/" }],
  security: [{}],
});

type SchemaObject = { properties?: Record<string, Record<string, unknown>> };

/**
 * An optional field sent blank ("" or whitespace) is taken as absent (app/platform/fields.ts): its property
 * says so, beside the rules a filled-in value must follow.
 */
function allowBlanks(document: typeof generated): typeof generated {
  const components = document.components?.schemas as Record<string, SchemaObject>;
  for (const { schema } of registry.definitions.flatMap((definition) => (definition.type === "schema" ? [definition] : []))) {
    if (!(schema instanceof z.ZodObject)) continue;
    const name = schema._def.openapi?._internal?.refId as string | undefined;
    const properties = name ? components[name]?.properties : undefined;
    if (!properties) continue;
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>)) {
      if (!isBlankable(field) || !properties[key]) continue;
      const { description, default: fallback, ...filled } = properties[key];
      properties[key] = {
        ...(description ? { description } : {}),
        ...(fallback !== undefined ? { default: fallback } : {}),
        anyOf: [filled, { type: "string", pattern: "^\\s*$", description: "Left blank: the same as absent" }],
      };
    }
  }
  return document;
}

export const openApiDocument = allowBlanks(generated);
