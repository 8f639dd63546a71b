// The OpenAPI 3.1 description of the JSON API under /api (docs/spec.md §7 plus the token call), served at
// /api/openapi.json. The contract tests validate every response they get against it.
import { DISTRICTS } from "~/domain/checkout";
import { MAX_QUANTITY, MIN_QUANTITY, PACKAGE_TYPES } from "~/domain/ordering";

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (description: string, body: object) => ({ description, content: { "application/json": { schema: body } } });
const error = (name: string) => ({ $ref: `#/components/responses/${name}` });

const ERROR_NAMES: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  429: "TooManyRequests",
  502: "BadGateway",
  503: "ServiceUnavailable",
};

/** The error answers a call can give, by status. */
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [String(status), error(ERROR_NAMES[status])]));

/** A JSON or form body (both are accepted). */
const body = (name: string) => ({
  required: true,
  content: { "application/json": { schema: schema(name) }, "application/x-www-form-urlencoded": { schema: schema(name) } },
});

const signedIn = [{ cookieAuth: [] }, { bearerAuth: [] }];
const anyone: object[] = [{}];
/** Writes with a body: bad fields, body too large, not JSON/form, a cookie write from another site. */
const WRITE_ERRORS = [400, 401, 403, 413, 415];

const idParameter = (description: string) => ({ name: "id", in: "path", required: true, description, schema: { type: "string" } });

const text = (minLength: number, maxLength: number) => ({ type: "string", minLength, maxLength });

export const openApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Tour Booking API",
    version: "1.0.0",
    description:
      "The back-end calls of the original site (docs/spec.md §7) under /api, with server-side authorization. " +
      "Authenticate with the site's session cookie or with `Authorization: Bearer <token>` from POST /api/auth/token " +
      "(tokens are never read from URLs). Cookie-authenticated writes must come from the site's own origin. " +
      "Every error is JSON: `{ error, details? }`, where details names each invalid field. " +
      "A method a path does not offer gets 405 with an Allow header; an unknown /api path gets 404.",
  },
  servers: [{ url: "/" }],
  security: anyone,
  paths: {
    "/api/auth/token": {
      post: {
        summary: "Exchange an email and password for a bearer token (rate limited like the login form)",
        operationId: "createToken",
        requestBody: body("TokenRequest"),
        responses: {
          "200": json("A new token", schema("Token")),
          ...errors(400, 401, 403, 413, 415, 429, 503),
        },
      },
      delete: {
        summary: "Revoke the bearer token this request presents",
        operationId: "revokeToken",
        security: [{ bearerAuth: [] }],
        responses: { "200": json("The token is revoked", schema("DeletedCount")), ...errors(401) },
      },
    },
    "/api/users/{email}": {
      get: {
        summary: "Whether an email belongs to an administrator (false for unknown emails; reveals nothing else)",
        operationId: "isAdmin",
        parameters: [{ name: "email", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": json("Admin flag", schema("AdminFlag")), ...errors(429) },
      },
    },
    "/api/users": {
      get: {
        summary: "All users (administrators only)",
        operationId: "listUsers",
        security: signedIn,
        responses: { "200": json("Users", { type: "array", items: schema("User") }), ...errors(401, 403) },
      },
      post: {
        summary: "Save the caller's own user record (after registration)",
        operationId: "saveUser",
        security: signedIn,
        requestBody: body("UserInput"),
        responses: { "200": json("The saved record", schema("SavedUser")), ...errors(...WRITE_ERRORS) },
      },
      put: {
        summary: "Save the caller's own user record (after Google sign-in)",
        operationId: "updateUser",
        security: signedIn,
        requestBody: body("UserInput"),
        responses: { "200": json("The saved record", schema("SavedUser")), ...errors(...WRITE_ERRORS) },
      },
    },
    "/api/users/admin": {
      put: {
        summary: "Make a user an administrator (administrators only)",
        operationId: "makeAdmin",
        security: signedIn,
        requestBody: body("MakeAdminInput"),
        responses: { "200": json("1 if the user became an admin, 0 if already one", schema("ModifiedCount")), ...errors(...WRITE_ERRORS, 404) },
      },
    },
    "/api/services": {
      get: {
        summary: "Every package on sale",
        operationId: "listServices",
        responses: { "200": json("Packages", { type: "array", items: schema("Service") }) },
      },
      post: {
        summary: "Add a package (administrators only)",
        operationId: "addService",
        security: signedIn,
        requestBody: body("ServiceInput"),
        responses: { "201": json("The new package's id", schema("InsertedId")), ...errors(...WRITE_ERRORS) },
      },
    },
    "/api/services/{id}": {
      get: {
        summary: "One package",
        operationId: "getService",
        parameters: [idParameter("The package's _id")],
        responses: { "200": json("The package", schema("Service")), ...errors(404) },
      },
      delete: {
        summary: "Remove a package (administrators only; orders keep its title and price)",
        operationId: "deleteService",
        security: signedIn,
        parameters: [idParameter("The package's _id")],
        responses: { "200": json("Removed", schema("DeletedCount")), ...errors(401, 403, 404) },
      },
    },
    "/api/review": {
      get: {
        summary: "Reviews, newest first (the reviewer's email only for administrators)",
        operationId: "listReviews",
        security: [{}, ...signedIn],
        responses: { "200": json("Reviews", { type: "array", items: schema("Review") }) },
      },
      post: {
        summary: "Add a review (signed in; name, email and photo come from the account, not the body)",
        operationId: "addReview",
        security: signedIn,
        requestBody: body("ReviewInput"),
        responses: { "201": json("The new review's id", schema("InsertedId")), ...errors(...WRITE_ERRORS, 429) },
      },
    },
    "/api/my-orders": {
      get: {
        summary: "All orders (administrators), or with ?email= the orders of that user (that user or an administrator)",
        operationId: "listOrders",
        security: signedIn,
        parameters: [{ name: "email", in: "query", required: false, schema: { type: "string", format: "email" } }],
        responses: { "200": json("Orders, newest first", { type: "array", items: schema("Order") }), ...errors(400, 401, 403) },
      },
      post: {
        summary: "Place an order (signed in); the server prices it from the package and quantity",
        operationId: "placeOrder",
        security: signedIn,
        parameters: [
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description: "Retries with the same key create one order",
            schema: { type: "string", pattern: "^[A-Za-z0-9_-]{16,64}$" },
          },
        ],
        requestBody: body("OrderInput"),
        responses: { "201": json("The new order's id", schema("InsertedId")), ...errors(...WRITE_ERRORS, 429) },
      },
    },
    "/api/my-orders/{id}": {
      get: {
        summary: "One order (its owner or an administrator; anyone else gets 404)",
        operationId: "getOrder",
        security: signedIn,
        parameters: [idParameter("The order's _id")],
        responses: { "200": json("The order", schema("Order")), ...errors(401, 404) },
      },
      put: {
        summary: "Record the payment of an order (its owner or an administrator) once Stripe confirms the payment intent",
        operationId: "savePayment",
        security: signedIn,
        parameters: [idParameter("The order's _id")],
        requestBody: body("PaymentInput"),
        responses: {
          "200": json("1 when this call recorded the payment, 0 when it was already recorded", schema("ModifiedCount")),
          ...errors(...WRITE_ERRORS, 404, 409, 502, 503),
        },
      },
      delete: {
        summary: "Delete an order (its owner while unpaid, or an administrator); the record is kept",
        operationId: "deleteOrder",
        security: signedIn,
        parameters: [idParameter("The order's _id")],
        responses: { "200": json("Deleted", schema("DeletedCount")), ...errors(401, 403, 404, 409) },
      },
    },
    "/api/create-payment-intent": {
      post: {
        summary: "Open (or reuse) the Stripe payment intent of an order the caller owns; the amount is the order's price",
        operationId: "createPaymentIntent",
        security: signedIn,
        requestBody: body("PaymentIntentInput"),
        responses: { "200": json("The intent's client secret", schema("ClientSecret")), ...errors(...WRITE_ERRORS, 404, 409, 502, 503) },
      },
    },
    "/api/openapi.json": {
      get: {
        summary: "This document",
        operationId: "openApi",
        responses: { "200": json("OpenAPI 3.1 document", {
            type: "object",
            required: ["openapi", "info", "paths", "components"],
            properties: { openapi: { const: "3.1.0" }, info: { type: "object" }, paths: { type: "object" }, components: { type: "object" } },
          }) },
      },
    },
  },
  components: {
    securitySchemes: {
      cookieAuth: { type: "apiKey", in: "cookie", name: "__session", description: "The site's session cookie (after logging in on the site)" },
      bearerAuth: { type: "http", scheme: "bearer", description: "A token from POST /api/auth/token" },
    },
    responses: {
      BadRequest: json("Invalid input: details names each invalid field", schema("Error")),
      Unauthorized: {
        ...json("Not signed in, or the token is invalid, expired or revoked", schema("Error")),
        headers: { "WWW-Authenticate": { required: true, description: "Bearer realm=\"api\"", schema: { type: "string" } } },
      },
      Forbidden: json("Signed in without the right (or a cookie write from another site)", schema("Error")),
      NotFound: json("No such record (or one that belongs to someone else), or no such API call", schema("Error")),
      MethodNotAllowed: {
        ...json("This path does not offer that method", schema("Error")),
        headers: { Allow: { required: true, description: "The methods the path offers", schema: { type: "string" } } },
      },
      Conflict: json("The order's state forbids it (already paid)", schema("Error")),
      PayloadTooLarge: json("The body is larger than 64 KB", schema("Error")),
      UnsupportedMediaType: json("The body is neither JSON nor a URL-encoded form", schema("Error")),
      TooManyRequests: {
        ...json("Too many failed attempts", schema("Error")),
        headers: { "Retry-After": { required: true, description: "Seconds to wait", schema: { type: "integer" } } },
      },
      BadGateway: json("Stripe could not be reached or refused the request", schema("Error")),
      ServiceUnavailable: json("Payments are not configured on this server", schema("Error")),
    },
    schemas: {
      Error: {
        type: "object",
        required: ["error"],
        properties: {
          error: { type: "string", minLength: 1 },
          details: { type: "object", additionalProperties: { type: "array", items: { type: "string" }, minItems: 1 } },
        },
        additionalProperties: false,
      },
      TokenRequest: {
        type: "object",
        required: ["email", "password"],
        properties: { email: { type: "string", format: "email", maxLength: 254 }, password: { type: "string", maxLength: 200 } },
      },
      Token: {
        type: "object",
        required: ["token", "expiresAt"],
        properties: { token: { type: "string", pattern: "^tb_[A-Za-z0-9_-]{43}$" }, expiresAt: { type: "string", format: "date-time" } },
        additionalProperties: false,
      },
      AdminFlag: { type: "object", required: ["admin"], properties: { admin: { type: "boolean" } }, additionalProperties: false },
      User: {
        type: "object",
        required: ["_id", "email", "displayName", "admin", "disabled", "createdAt"],
        properties: {
          _id: { type: "string" },
          email: { type: "string", format: "email" },
          displayName: { type: "string" },
          admin: { type: "boolean" },
          disabled: { type: "boolean" },
          createdAt: { type: "string", format: "date-time" },
        },
        additionalProperties: false,
      },
      UserInput: {
        type: "object",
        required: ["email"],
        properties: { email: { type: "string", format: "email", description: "The caller's own email" }, displayName: text(1, 80) },
      },
      SavedUser: {
        type: "object",
        required: ["_id", "email", "displayName", "acknowledged"],
        properties: { _id: { type: "string" }, email: { type: "string" }, displayName: { type: "string" }, acknowledged: { const: true } },
        additionalProperties: false,
      },
      MakeAdminInput: { type: "object", required: ["email"], properties: { email: { type: "string", format: "email" } } },
      Service: {
        type: "object",
        required: ["_id", "title", "cost", "image", "description"],
        properties: {
          _id: { type: "string" },
          title: { type: "string" },
          cost: { type: "number", description: "Dollars" },
          image: { type: "string" },
          description: { type: "string" },
        },
        additionalProperties: false,
      },
      ServiceInput: {
        type: "object",
        required: ["title", "cost", "image", "description"],
        properties: {
          title: text(1, 120),
          cost: { type: "integer", minimum: 1, maximum: 1_000_000, description: "Whole dollars" },
          image: { type: "string", maxLength: 2000, description: "An http(s) URL or a path on this site" },
          description: text(1, 5000),
        },
      },
      Review: {
        type: "object",
        required: ["_id", "name", "rating", "review", "photo"],
        properties: {
          _id: { type: "string" },
          name: { type: "string" },
          email: { type: "string", description: "Administrators only" },
          rating: { type: "integer", minimum: 0, maximum: 5 },
          review: { type: "string" },
          photo: { type: ["string", "null"] },
        },
        additionalProperties: false,
      },
      ReviewInput: {
        type: "object",
        required: ["review"],
        properties: {
          review: text(1, 2000),
          rating: { type: "integer", minimum: 0, maximum: 5, default: 0 },
          name: { description: "Ignored: taken from the account" },
          email: { description: "Ignored: taken from the account" },
          photo: { description: "Ignored: taken from the account" },
        },
      },
      Order: {
        type: "object",
        required: [
          "_id",
          "firstName",
          "lastName",
          "streetAddress",
          "City",
          "townName",
          "district",
          "Postcode",
          "mobileNumber",
          "email",
          "Price",
          "name",
          "quantity",
          "packageType",
          "payment",
        ],
        properties: {
          _id: { type: "string" },
          firstName: { type: "string" },
          lastName: { type: "string" },
          streetAddress: { type: "string" },
          City: { type: "string" },
          townName: { type: "string" },
          district: { type: "string" },
          Postcode: { type: "string" },
          mobileNumber: { type: "string" },
          email: { type: "string" },
          Price: { type: "number", description: "Dollars: the package's cost x quantity, computed by the server" },
          name: { type: "string", description: "The package's title" },
          quantity: { type: "integer", minimum: MIN_QUANTITY, maximum: MAX_QUANTITY },
          packageType: { type: "string" },
          payment: { oneOf: [{ type: "null" }, schema("Payment")] },
        },
        additionalProperties: false,
      },
      Payment: {
        type: "object",
        required: ["amount", "created", "last4", "transaction"],
        properties: {
          amount: { type: "number", description: "Dollars" },
          created: { type: "integer", description: "Unix time (seconds)" },
          last4: { type: "string" },
          transaction: { type: "string", description: "The Stripe payment intent id" },
        },
        additionalProperties: false,
      },
      OrderInput: {
        type: "object",
        required: ["firstName", "lastName", "streetAddress", "townName", "district", "mobileNumber", "email", "service", "type"],
        properties: {
          firstName: text(3, 15),
          lastName: text(3, 15),
          streetAddress: text(1, 30),
          City: { type: "string", maxLength: 30 },
          townName: text(1, 20),
          district: { enum: [...new Set(DISTRICTS)] },
          Postcode: { type: "string", pattern: "^\\d{4,10}$" },
          mobileNumber: { type: "string", description: "A Bangladeshi mobile number, e.g. 01712345678" },
          email: { type: "string", format: "email" },
          service: { type: "string", description: "The package's _id" },
          quantity: { type: "integer", minimum: MIN_QUANTITY, maximum: MAX_QUANTITY, default: 1 },
          type: { enum: [...PACKAGE_TYPES] },
          Price: { type: "number", description: "Optional: refused with 400 when it differs from the server's price" },
        },
      },
      PaymentInput: {
        type: "object",
        required: ["transaction"],
        properties: {
          transaction: { type: "string", description: "The Stripe payment intent id" },
          amount: { description: "Ignored: read from Stripe" },
          created: { description: "Ignored: read from Stripe" },
          last4: { description: "Ignored: read from Stripe" },
        },
      },
      PaymentIntentInput: {
        type: "object",
        required: ["orderId"],
        properties: { orderId: { type: "string" }, price: { description: "Ignored: the amount is the order's price" } },
      },
      ClientSecret: { type: "object", required: ["clientSecret"], properties: { clientSecret: { type: "string" } }, additionalProperties: false },
      InsertedId: { type: "object", required: ["insertedId"], properties: { insertedId: { type: "string" } }, additionalProperties: false },
      DeletedCount: { type: "object", required: ["deletedCount"], properties: { deletedCount: { type: "integer", minimum: 0 } }, additionalProperties: false },
      ModifiedCount: { type: "object", required: ["modifiedCount"], properties: { modifiedCount: { type: "integer", minimum: 0 } }, additionalProperties: false },
    },
  },
} as const;
