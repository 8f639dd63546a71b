// The messages capability's server door (issue 40, docs/messages.md): send a kind of message to a
// person, the job that sends SMS and WhatsApp from the outbox, WhatsApp's webhook, the channels set
// up here, a booking's delivery log.
export { messagesOfOrders } from "~/messages/delivery-store.server";
export { messagesJob } from "~/messages/delivery.server";
export { sendKind } from "~/messages/message-sending.server";
export { configuredChannels } from "~/messages/senders.server";
export { receiveWhatsAppEvent, verifyWhatsAppSubscription } from "~/messages/whatsapp-webhook.server";
