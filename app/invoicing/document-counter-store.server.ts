// The counters of the document numbers: one row per kind and year, bumped by one upsert inside the
// caller's transaction. The row stays locked until that transaction ends, so concurrent payments
// take the numbers one after another, and a rollback gives its number back: no gaps, no duplicates.
import type { DocumentKind } from "~/generated/prisma/enums";
import { documentNumber, documentYear } from "~/invoicing/document-numbers";
import type { Tx } from "~/platform/db.server";

/** The next number of this kind in the agency's year of `at`, taken inside `tx`. */
export async function takeDocumentNumber(tx: Tx, kind: DocumentKind, at: Date): Promise<string> {
  const year = documentYear(at);
  const [row] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO "DocumentCounter" ("kind", "year", "last") VALUES (${kind}::"DocumentKind", ${year}, 1)
    ON CONFLICT ("kind", "year") DO UPDATE SET "last" = "DocumentCounter"."last" + 1
    RETURNING "last"`;
  return documentNumber(kind, year, Number(row.last));
}
