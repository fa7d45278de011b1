// The booking feature's front door: what other features may use (the dashboard's count) and its
// recurring job (the owner's busy-time calendars, fetched every 15 minutes).
export { countUpcomingBookings } from "./admin-data.server";
export { calendarSyncJob } from "./busy-sync.server";
