// GET /dashboard/departures/{id}/manifest.csv (guides and administrators): the departure's manifest
// as CSV, streamed 100 travellers at a time, formula-safe (app/http/csv.ts). The one export that
// carries whole ID numbers: each traveller exported with one is recorded as a reveal (IdNumberReveal).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/accounts/index.server";
import { MANIFEST_CSV_HEADER, manifestCsvRow, manifestRows } from "~/booking";
import { findManifestDeparture, listManifestTravellers, revealIdNumbers } from "~/booking/index.server";
import { csvHeaders, csvStream } from "~/http/csv";
import { isoDate } from "~/platform/dates";

const PAGE = 100;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const departure = await findManifestDeparture(params.id ?? "");
  if (!departure) throw new Response("Not Found", { status: 404 });
  const rows = manifestRows(await listManifestTravellers(departure.id), departure.startDate);
  async function* pages() {
    for (let start = 0; start < rows.length; start += PAGE) {
      const page = rows.slice(start, start + PAGE);
      const withId = page.filter((row) => row.idMasked !== null).map((row) => row.id);
      const idNumbers = withId.length > 0 ? await revealIdNumbers(departure!.id, withId, staff.id) : new Map<string, string>();
      yield page.map((row) => manifestCsvRow(row, idNumbers.get(row.id) ?? null));
    }
  }
  return new Response(csvStream(MANIFEST_CSV_HEADER, pages()), {
    headers: csvHeaders(`manifest-${isoDate(departure.startDate)}-${departure.id}.csv`),
  });
}
