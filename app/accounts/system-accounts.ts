// Accounts no person uses: a reseller's, which holds its bookings (app/booking/channel/channel-bookings.server.ts),
// and deleted accounts' addresses. They live in the reserved top-level domain .invalid (RFC 2606:
// no mail is ever delivered there), which nobody can register, so no stranger can own such an
// address before the system makes it. A system account (User.systemAccount) also never signs in,
// by password or Google, and never gets a reset link (auth.server.ts, password-reset.server.ts).

/** The domain of resellers' accounts. */
const RESELLER_ACCOUNT_DOMAIN = "resellers.invalid";

/** Whether the address is in the reserved domain: never registered, linked or reset by anyone. */
export function isReservedEmail(email: string): boolean {
  return /\.invalid\.?$/i.test(email.trim());
}

/** The address of a reseller's account; `suffix` tells it apart from an address already taken. */
export function resellerAccountEmail(resellerId: string, suffix?: string): string {
  return `reseller-${resellerId}${suffix ? `-${suffix}` : ""}@${RESELLER_ACCOUNT_DOMAIN}`;
}
