// Door of app/backoffice/ for the browser and the server: its schemas, rules and labels.
// Back office: the dashboard's figures, the contact inbox and the newsletter.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export { barGeometry, lastMonths, monthsStart, niceMax, valuesByMonth } from "./charts";
export { contactSchema } from "./contact";
export { INBOX_FILTERS, inboxFilter, messageActionSchema, replyHref } from "./inbox";
export { newsletterSchema, type NewsletterResult, SUBSCRIBER_FILTERS, subscriberFilter } from "./newsletter";
