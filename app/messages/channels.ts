// The channels and statuses of a message, as the API and the pages name them.
export type MessageChannel = "email" | "sms" | "whatsapp";
export type MessageStatus = "queued" | "sent" | "delivered" | "read" | "failed";
