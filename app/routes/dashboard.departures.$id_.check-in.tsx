// /dashboard/departures/{id}/check-in (administrators, and the departure's guide: any guide when
// none is assigned), made for a phone on departure
// day: per traveller one-tap "Checked in" / "No-show" (and Undo), each a plain form post; with
// JavaScript a fetcher posts it without a reload and the page shows it at once. The running count,
// a search by booking reference (a GET form) and, where the browser has a camera and
// BarcodeDetector, "Scan voucher" reads the voucher's QR code (the plain reference). The camera is
// allowed on this page only (Permissions-Policy, server/security-headers.mjs).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useFetcher, useFetchers, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { requireStaff } from "~/accounts/index.server";
import { CHECK_IN_LABELS, CHECK_IN_VALUES, checkInCount, checkInFormSchema, findByReference, manifestRows } from "~/booking";
import { listManifestTravellers, setCheckIn, staffDeparture } from "~/booking/index.server";
import { useHydrated } from "~/components/hooks";
import { formatCalendarDate, isoDate } from "~/platform/dates";
import { parseForm } from "~/platform/forms";

const MAX_QUERY = 20;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const found = await staffDeparture(params.id ?? "", staff);
  if ("refused" in found) throw new Response(found.refused.message, { status: found.refused.status });
  const { departure } = found;
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const rows = manifestRows(await listManifestTravellers(departure.id), departure.startDate);
  return {
    departure: { id: departure.id, title: departure.service.title, date: isoDate(departure.startDate) },
    q,
    count: checkInCount(rows),
    travellers: findByReference(rows, q).map((row) => ({
      id: row.id,
      reference: row.reference,
      name: row.name,
      category: row.category,
      age: row.age,
      booker: row.booker,
      checkIn: row.checkIn,
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  // parseForm refuses a form no page sends (indices, U+0000) before the schema reads it.
  const submission = parseForm(await request.formData(), checkInFormSchema);
  if (submission.status !== "success") {
    const messages = Object.values(submission.error ?? {}).flatMap((errors) => errors ?? []);
    return data({ ok: false, message: messages.join(" ") }, { status: 400 });
  }
  const found = await staffDeparture(params.id ?? "", staff);
  if ("refused" in found) return data({ ok: false, message: found.refused.message }, { status: found.refused.status });
  const changed = await setCheckIn(found.departure.id, submission.value.traveller, submission.value.checkedIn, staff.id);
  if (changed === 0) return data({ ok: false, message: "This traveller is not on this departure." }, { status: 404 });
  return { ok: true, message: null };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded
      ? `Check-in: ${loaded.departure.title}, ${formatCalendarDate(loaded.departure.date)} — Tour Booking`
      : "Check-in — Tour Booking",
  },
];

type Traveller = ReturnType<typeof useLoaderData<typeof loader>>["travellers"][number];
type State = Traveller["checkIn"];

/** What a posted value means for the traveller's state. */
function stateOf(value: FormDataEntryValue | null | undefined): State {
  return value === "yes" ? CHECK_IN_VALUES.yes : value === "no-show" ? CHECK_IN_VALUES["no-show"] : null;
}

export default function CheckIn() {
  const { departure, travellers, count, q } = useLoaderData<typeof loader>();
  // The running count with the posts still on their way (optimistic).
  const pending = new Map<string, State>();
  for (const fetcher of useFetchers()) {
    const traveller = fetcher.formData?.get("traveller");
    if (typeof traveller === "string") pending.set(traveller, stateOf(fetcher.formData?.get("checkedIn")));
  }
  let checkedIn = count.checkedIn;
  for (const traveller of travellers) {
    if (!pending.has(traveller.id)) continue;
    checkedIn += (pending.get(traveller.id) === "YES" ? 1 : 0) - (traveller.checkIn === "YES" ? 1 : 0);
  }
  const label = formatCalendarDate(departure.date);
  return (
    <section aria-labelledby="check-in-title" className="check-in-page">
      <p>
        <Link to={`/dashboard/departures/${departure.id}`}>← Manifest</Link>
      </p>
      <h1 id="check-in-title">
        Check-in: {departure.title}, <time dateTime={departure.date}>{label}</time>
      </h1>
      <p className="check-in-count" role="status" aria-live="polite">
        <strong>
          {checkedIn} / {count.expected}
        </strong>{" "}
        checked in
      </p>
      <Form method="get" role="search" className="check-in-search">
        <label htmlFor="check-in-q">Booking reference</label>
        <div className="check-in-search-row">
          <input
            id="check-in-q"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            maxLength={MAX_QUERY}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="TB-7K3P9Q"
          />
          <button type="submit" className="button">
            Find
          </button>
          {q ? (
            <Link to="?" className="button button-secondary">
              All
            </Link>
          ) : null}
        </div>
        <ScanVoucher />
      </Form>
      {travellers.length === 0 ? (
        <p className="muted">
          {q ? `No booking with a reference starting “${q}” on this departure.` : "No travellers on this departure yet."}
        </p>
      ) : (
        <ul className="check-in-list">
          {travellers.map((traveller, index) => (
            <TravellerRow key={traveller.id} traveller={traveller} next={travellers[index + 1] ?? traveller} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A traveller's row id: the fragment a tap without JavaScript returns to (the next traveller's). */
const rowId = (traveller: Traveller) => `traveller-${traveller.id}`;

function TravellerRow({ traveller, next }: { traveller: Traveller; next: Traveller }) {
  const fetcher = useFetcher<typeof action>();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const posted = fetcher.formData ? stateOf(fetcher.formData.get("checkedIn")) : undefined;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const state = posted !== undefined ? posted : traveller.checkIn;
  const who = traveller.name ?? "Name to follow";
  return (
    <li id={rowId(traveller)} className={`check-in-row${state === "YES" ? " is-in" : state === "NO_SHOW" ? " is-no-show" : ""}`}>
      <div className="check-in-who">
        <strong>{who}</strong>
        <span className="muted">
          {traveller.category}
          {traveller.age !== null ? `, ${traveller.age}` : ""} · <span className="reference">{traveller.reference}</span> ·{" "}
          {traveller.booker}
        </span>
        <span className="check-in-state">{CHECK_IN_LABELS[state ?? "NONE"]}</span>
      </div>
      {/* Without JavaScript the page comes back at the next traveller, not at the top of a long list. */}
      <fetcher.Form
        method="post"
        action={hydrated ? undefined : `${pathname}${search}#${rowId(next)}`}
        className="check-in-buttons"
        aria-label={`Check-in of ${who}`}
      >
        <input type="hidden" name="traveller" value={traveller.id} />
        {state === null ? (
          <>
            <button type="submit" name="checkedIn" value="yes" className="button" aria-label={`Checked in: ${who}`}>
              Checked in
            </button>
            <button
              type="submit"
              name="checkedIn"
              value="no-show"
              className="button button-secondary"
              aria-label={`No-show: ${who}`}
            >
              No-show
            </button>
          </>
        ) : (
          <button type="submit" name="checkedIn" value="undo" className="button button-secondary" aria-label={`Undo: ${who}`}>
            Undo
          </button>
        )}
      </fetcher.Form>
      {failed ? (
        <p className="field-error" role="alert">
          {failed}
        </p>
      ) : null}
    </li>
  );
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** "Scan voucher": only where the browser has a camera and BarcodeDetector; the QR code holds the reference. */
function ScanVoucher() {
  const [supported, setSupported] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [, setSearchParams] = useSearchParams();
  useEffect(() => {
    setSupported("BarcodeDetector" in window && !!navigator.mediaDevices?.getUserMedia);
  }, []);
  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const Barcode = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
    const detector = new Barcode({ formats: ["qr_code"] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        const look = async () => {
          if (stopped || !video.current) return;
          const codes = await detector.detect(video.current).catch(() => []);
          const reference = codes.map((code) => code.rawValue.trim()).find((text) => /^TB-[A-Z0-9]{6}$/i.test(text));
          if (reference) {
            setScanning(false);
            setSearchParams({ q: reference.toUpperCase() });
          } else timer = window.setTimeout(look, 250);
        };
        void look();
      })
      .catch(() => {
        setError("The camera could not be opened: type the reference instead.");
        setScanning(false);
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, setSearchParams]);
  if (!supported) return null;
  return (
    <div className="scan-voucher">
      <button type="button" className="button button-secondary" onClick={() => (setError(null), setScanning(!scanning))}>
        {scanning ? "Stop scanning" : "Scan voucher"}
      </button>
      {scanning ? (
        <video ref={video} className="scan-video" muted playsInline aria-label="Camera: point it at the voucher's QR code" />
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
