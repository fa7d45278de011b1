// The checkout feature's front door: what other features may use (the dashboard's figures).
export { countPaidOrdersSince, revenueSince } from "./orders.server";
