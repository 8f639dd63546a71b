// The messages capability's client door (docs/decisions/0012-module-layout.md): the API's schemas
// of a booking's delivery log and of a broadcast, and their JSON.
export {
  broadcastFormSchema,
  broadcastInputSchema,
  broadcastResultSchema,
  messageLogEntryJson,
  messageLogEntrySchema,
} from "~/messages/message-api";
