// The system feature's front door: the owner's view of the site's health (/admin/system).
export { getSystemOverview, type SystemOverview } from "./system.server";
export { BACKUP_STALE_MS, systemProblems, type Problem, type SystemFacts } from "./problems";
