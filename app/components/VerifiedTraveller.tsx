/** "Verified traveller" beside a review whose author was checked in on a booking of the package. */
export function VerifiedTraveller({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <span className="verified-traveller" title="Checked in on a booking of this package">
      <span aria-hidden="true">✓</span> Verified traveller
    </span>
  );
}
