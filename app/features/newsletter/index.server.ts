// The newsletter feature's front door: what other features may use (the dashboard's count).
export { countActiveSubscribers } from "./subscriber-list.server";
