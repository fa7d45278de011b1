/** The Free Tools drawer button on small screens (SPEC: 'View N more tools'), singular for one tool. */
export function moreToolsLabel(count: number): string {
  return `View ${count} more ${count === 1 ? "tool" : "tools"}`;
}
