// The forms of a booking page (/dashboard/orders/{id}) say which they are in their `intent` field:
// the page's action dispatches on these names, and answers any other with a 400.
export const BOOKING_PAGE_INTENTS = {
  travellers: "travellers",
  recordRefund: "record-refund",
  claimPayment: "claim-payment",
  recordPayment: "record-payment",
  askCancel: "ask-cancel",
  cancel: "cancel",
} as const;
