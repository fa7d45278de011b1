// The analytics feature's front door: what other features may use (recording their business
// events, and the day's anonymous visitor hash). Nothing else of analytics is imported from outside.
export { businessEventInsert, recordBusinessEvent, recordBusinessEvents, type BusinessEvent, type BusinessEventName } from "./business-events.server";
export { visitorHash } from "./visitor.server";
