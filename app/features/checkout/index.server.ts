// The checkout feature's front door: what other features may use (orders' statuses beside their
// referrals, the dashboard's figures).
export { countPaidOrdersSince, orderStatusById, revenueSince } from "./orders.server";
