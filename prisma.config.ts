import { defineConfig } from "prisma/config";

// The CLI is used here only for `generate`/`validate`; migrations are applied by the app itself.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/unused" },
});
