// The Prisma models of prisma/schema.prisma, for the lint rules on who reads and writes the
// database (eslint.config.js; docs/decisions/0012-module-layout.md).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const SCHEMA = fileURLToPath(new URL("../prisma/schema.prisma", import.meta.url));

/** Each model's name (`OrderStatusChange`) and the client's delegate for it (`orderStatusChange`). */
export function prismaModels(schema = readFileSync(SCHEMA, "utf8")) {
  return [...schema.matchAll(/^model (\w+) \{/gm)].map(([, name]) => ({ name, delegate: name[0].toLowerCase() + name.slice(1) }));
}

/** The client's methods on a model's delegate (`tx.order.updateMany`). */
export const DELEGATE_METHODS = [
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
];

/**
 * The capability that owns each table: only its stores write it (platform's seed aside). A new
 * model goes here, or the lint fails.
 */
export const TABLE_OWNERS = {
  accounts: ["User", "Password", "Session", "PasswordReset", "UserAuditEntry"],
  catalogue: ["Service", "Review", "ReviewReport", "PriceCategory"],
  booking: [
    "Departure",
    "DeparturePriceChange",
    "Order",
    "OrderStatusChange",
    "Refund",
    "Traveller",
    "IdNumberReveal",
    "PromoCode",
    "PaymentClaim",
    "WaitlistEntry",
  ],
  payments: ["Payment", "PaymentSession", "ExchangeRate"],
  invoicing: ["DocumentCounter"],
  backoffice: ["ContactMessage", "NewsletterSubscriber"],
  messages: ["OutboxMessage"],
  distribution: ["Reseller", "ResellerKey"],
  platform: ["SystemFlag", "RateLimit", "OutboxEmail"],
};

/** Models without an owner in TABLE_OWNERS, or with two. */
export function unownedModels(models = prismaModels(), owners = TABLE_OWNERS) {
  const owned = Object.values(owners).flat();
  return models.map((model) => model.name).filter((name) => owned.filter((owner) => owner === name).length !== 1);
}

/** The client's methods that write. */
export const WRITE_METHODS = DELEGATE_METHODS.filter((method) => /^(create|update|upsert|delete)/.test(method));
