// The messages capability's server door (issue 40, docs/messages.md): the job that sends SMS and
// WhatsApp messages from the outbox, WhatsApp's webhook.
export { messagesJob } from "~/messages/delivery.server";
export { receiveWhatsAppEvent, verifyWhatsAppSubscription } from "~/messages/whatsapp-webhook.server";
