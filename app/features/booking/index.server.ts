// The booking feature's front door: what other features may use (the dashboard's count).
export { countUpcomingBookings } from "./admin-data.server";
