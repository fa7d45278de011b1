// The booking form's choices and defaults (SPEC.md section 2), apart from its schema: the page
// starts with these, and loads Zod and the schema only once it runs (decision 037).
import { DEFAULT_SESSION_DURATION } from "./slots";

export const FOCUS_AREAS = [
  "Process Optimization",
  "Quality Control Systems",
  "Production Line Efficiency",
  "Supply Chain Management",
  "Equipment Modernization",
  "Lean Manufacturing Implementation",
  "Cost Reduction Analysis",
  "Other Manufacturing Challenge",
] as const;

export const EXPERIENCE_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export const DEFAULT_EXPERIENCE_LEVEL: ExperienceLevel = "beginner";

export const EXPERIENCE_LEVEL_LABELS: Record<ExperienceLevel, string> = {
  beginner: "Small-scale operations",
  intermediate: "Medium manufacturing facility",
  advanced: "Large industrial complex",
};

export const BOOKING_FORM_DEFAULTS = {
  sessionDuration: DEFAULT_SESSION_DURATION,
  experienceLevel: DEFAULT_EXPERIENCE_LEVEL,
};
