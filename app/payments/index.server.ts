// The payments module's door: the card provider. Booking calls it;
// payments never calls booking (docs/decisions/0012-module-layout.md).
export {
  cardPaymentOrderId,
  listCardRefunds,
  listProviderCardMoney,
  openCardIntent,
  stopIntent,
  PaymentError,
  providerNotes,
  requirePaymentsConfigured,
  verifiedCardPayment,
  verifyWebhook,
  type CardRefund,
  type PaymentEvent,
} from "./payments.server";
export { insertPaymentRecord } from "./payment-record-store.server";
export { paymentsConfigured } from "./stripe.server";
export {
  currentExchangeRate,
  exchangeRateIsStale,
  exchangeRateMaxAgeDays,
  getUsableExchangeRate,
  listExchangeRates,
  setExchangeRate,
  type ExchangeRateEntry,
  type UsableExchangeRate,
} from "./exchange-rate.server";
export {
  configuredProviders,
  gateway,
  gatewayOrigins,
  refundHeldPayment,
  refundThroughProvider,
  type GatewayVerdict,
} from "./gateways.server";
export {
  claimReviewRefund,
  closeSession,
  createPaymentSession,
  findPaymentSession,
  findSessionById,
  listRefundIssues,
  listSessionsInReview,
  listStaleSessions,
  markSessionPaid,
  noteSessionRefund,
  reopenReview,
  SessionSettledError,
  setRefundIssue,
  setSessionGatewayId,
  type PaymentSessionRow,
} from "./payment-session-store.server";
export { verifySignature as verifySslcommerzSignature } from "./sslcommerz.server";
