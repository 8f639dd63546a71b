// The payments module's door: the card provider and the payment records. Booking calls it;
// payments never calls booking (docs/decisions/0012-module-layout.md).
export { insertPaymentRecord, paymentRecordSelect } from "./payment-store.server";
export {
  cardPaymentOrderId,
  listCardRefunds,
  listProviderCardMoney,
  openCardIntent,
  PaymentError,
  providerNotes,
  refundCard,
  requirePaymentsConfigured,
  verifiedCardPayment,
  verifyWebhook,
  type CardPayment,
  type CardRefund,
  type PaymentEvent,
} from "./payments.server";
export { paymentsConfigured } from "./stripe.server";
