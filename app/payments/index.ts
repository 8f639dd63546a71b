// The payments module's client-safe door: what a page shows of card money.
export {
  RECONCILIATION_GROUPS,
  reconcile,
  reconciliationLabel,
  recordProviderPaymentForm,
  type GroupTotals,
  type LedgerEntry,
  type Reconciliation,
  type ReconciliationKind,
  type ReconciliationRow,
} from "./reconciliation";
export {
  cardPaymentJson,
  clientSecretSchema,
  paymentRecordJson,
  paymentRecordSchema,
  paymentSchema,
  paymentSessionInputSchema,
  paymentSessionSchema,
  refundJson,
  refundSchema,
} from "./payment-api";
export { formatRate, formatTaka, isRateStale, RATE_UNUSABLE_TEXT, rateFieldValue, takaConversion, toTaka } from "./exchange-rate";
export { exchangeRateInputSchema, exchangeRateJson, exchangeRateSchema } from "./exchange-rate-api";
export { isLocalGateway, LOCAL_GATEWAYS, type GatewayResult, type LocalGateway, type ProviderName } from "./providers";
