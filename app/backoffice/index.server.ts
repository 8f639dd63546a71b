// Door of app/backoffice/ for the server: its operations.
// Back office: the dashboard's figures, the contact inbox and the newsletter.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export { receiveContactMessage } from "./contact.server";
export { dashboardCounts } from "./dashboard-store.server";
export {
  confirmSubscription,
  countUnhandledMessages,
  findSubscriberByToken,
  INBOX_PAGE_SIZE,
  listContactMessages,
  listSubscribers,
  openContactMessage,
  setMessageHandled,
  subscriberPages,
  SUBSCRIBERS_PAGE_SIZE,
  unsubscribeToken,
} from "./message-store.server";
export { newsletterToken, subscribeToNewsletter } from "./newsletter.server";
export { bookingsByMonth, customerFigures, revenueByMonth, upcomingDepartures } from "./stats-store.server";
