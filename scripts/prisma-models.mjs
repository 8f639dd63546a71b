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
