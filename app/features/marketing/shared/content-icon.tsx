import {
  BadgeDollarSign,
  BarChart3,
  Bot,
  CalendarClock,
  CircleDollarSign,
  ClipboardCheck,
  Crosshair,
  Factory,
  Gauge,
  HardHat,
  Link2,
  Plane,
  ShieldCheck,
  Trophy,
  Truck,
  Users,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import type { IconName } from "~/content/types";

// Content modules name their icons as strings (they stay free of React); this is the lookup.
const icons: Record<IconName, LucideIcon> = {
  BadgeDollarSign,
  BarChart3,
  Bot,
  CalendarClock,
  CircleDollarSign,
  ClipboardCheck,
  Crosshair,
  Factory,
  Gauge,
  HardHat,
  Link2,
  Plane,
  ShieldCheck,
  Trophy,
  Truck,
  Users,
  Workflow,
};

/** A content card's icon in a tinted tile; decorative, so hidden from assistive technology. */
export function ContentIcon({ name }: { name: IconName }) {
  const Icon = icons[name];
  return (
    <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
