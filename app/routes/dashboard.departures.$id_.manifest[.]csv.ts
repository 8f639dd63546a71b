// GET /dashboard/departures/{id}/manifest.csv (administrators, and the departure's guide: any guide
// when none is assigned): the departure's manifest as CSV, streamed 100 travellers at a time,
// formula-safe (app/http/csv.ts). ID numbers are masked (last 4 characters); an administrator asks
// for whole ones with ?ids=full, and each traveller exported with one is recorded as a reveal.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/accounts/index.server";
import { MANIFEST_CSV_HEADER, manifestCsvRow, manifestRows } from "~/booking";
import { listManifestTravellers, revealIdNumbers, staffDeparture } from "~/booking/index.server";
import { csvHeaders, csvStream } from "~/http/csv";
import { isoDate } from "~/platform/dates";

const PAGE = 100;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const found = await staffDeparture(params.id ?? "", staff);
  if ("refused" in found) throw new Response(found.refused.message, { status: found.refused.status });
  const { departure } = found;
  const full = new URL(request.url).searchParams.get("ids") === "full";
  if (full && !staff.isAdmin) throw new Response("ids=full: only administrators export whole ID numbers.", { status: 403 });
  const rows = manifestRows(await listManifestTravellers(departure.id), departure.startDate);
  async function* pages() {
    for (let start = 0; start < rows.length; start += PAGE) {
      const page = rows.slice(start, start + PAGE);
      if (!full) {
        yield page.map((row) => manifestCsvRow(row, row.idMasked));
        continue;
      }
      const withId = page.filter((row) => row.idMasked !== null).map((row) => row.id);
      const idNumbers = withId.length > 0 ? await revealIdNumbers(departure.id, withId, staff.id) : new Map<string, string>();
      yield page.map((row) => manifestCsvRow(row, idNumbers.get(row.id) ?? null));
    }
  }
  return new Response(csvStream(MANIFEST_CSV_HEADER, pages()), {
    headers: csvHeaders(`manifest-${isoDate(departure.startDate)}-${departure.id}.csv`),
  });
}
