// The answers every /api capability shares: the error body and the counts and ids a write answers.
// Each capability's own schemas and JSON projections are in its folder (app/<capability>/*-api.ts);
// app/http/openapi.ts assembles them all into the OpenAPI document.
import { z } from "zod";

export const errorSchema = z
  .object({ error: z.string().min(1), details: z.record(z.array(z.string()).min(1)).optional() })
  .strict();

export const insertedIdSchema = z.object({ insertedId: z.string() }).strict();
export const deletedCountSchema = z.object({ deletedCount: z.number().int().min(0) }).strict();
export const modifiedCountSchema = z.object({ modifiedCount: z.number().int().min(0) }).strict();
