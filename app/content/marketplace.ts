/**
 * Marketplace / tools portfolio (/marketplace).
 * Field sets follow SPEC section 3 exactly: 2 marketplace applications and 2 free tools.
 * Descriptions open with a sentence that still reads well when share text truncates it
 * to the first 100 (card) or 120 (dialog) characters (SPEC section 7).
 */
import type { CtaLink, FixedArray, PageMeta } from "./types";

export interface MarketplaceApplication {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /**
   * Card / dialog image under /public: the largest WebP ("…-1280.webp"); the other widths and AVIF
   * sit beside it (app/features/marketplace/images.ts).
   */
  readonly image: string;
  /** Describes the screenshot for people who cannot see it. */
  readonly imageAlt: string;
  /** Square logo, the largest WebP ("…-logo-128.webp"); decorative next to the title. */
  readonly logoUrl: string;
  /** Price as display text. */
  readonly price: string;
  readonly url: string;
  /** Percent complete, 0-100. */
  readonly completionStatus: number;
  /** Cards show at most 3 badges plus "+N more"; every entry here has more than 3. */
  readonly techStack: readonly string[];
  readonly category: string;
  readonly revenueProjection: string;
  readonly developmentTime: string;
  /** Cards show the first 2 items. */
  readonly whatIsIncluded: readonly string[];
  /** Empty when the application is 100% complete. */
  readonly whatNeedsCompletion: readonly string[];
}

export type FreeToolLicense = "MIT" | "Commercial";

export interface FreeTool {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /** "Use Tool" target; the button is shown only when a url is present. */
  readonly url?: string;
  readonly githubUrl: string;
  readonly techStack: readonly string[];
  readonly category: string;
  readonly license: FreeToolLicense;
  /** Square logo, the largest WebP ("…-logo-128.webp"); decorative next to the title. */
  readonly logoUrl?: string;
  /** The free-tools table shows the first 2 features. */
  readonly features: readonly string[];
}

export const marketplaceApplications: FixedArray<MarketplaceApplication, 2> = [
  {
    id: "machinist-calculator",
    title: "Machinist's Calculator Suite",
    description:
      "Free, open-source shop calculators for speeds, feeds, threads and bolt circles. Built for the shop floor, it works offline on a phone, tablet or the PC next to the control, in both inch and metric units. Every formula is documented and covered by tests, so programmers and operators get the same answer every time.",
    image: "/images/marketplace/machinist-calculator-1280.webp",
    imageAlt:
      "Machinist's Calculator Suite on a tablet: speeds and feeds inputs for a half-inch three-flute end mill in 6061 aluminum with the resulting RPM and feed rate, beside a phone showing a bolt circle layout.",
    logoUrl: "/images/marketplace/machinist-calculator-logo-128.webp",
    price: "Free - Open Source",
    url: "https://tools.halvorsencnc.com/machinist-calculator",
    completionStatus: 100,
    techStack: ["React", "TypeScript", "Vite", "Tailwind CSS", "Service Worker (offline)", "Vitest"],
    category: "Machining Calculators",
    revenueProjection: "Free community tool (lead generation for consulting and the bootcamp)",
    developmentTime: "4 months",
    whatIsIncluded: [
      "Speeds and feeds calculator with chip-thinning and radial engagement compensation",
      "Thread calculator for UN, metric and NPT forms, including thread-mill diameters and pitch data",
      "Bolt circle, trigonometry and right-triangle solvers for layout and setup",
      "Surface finish, cusp height and stepover calculator for ball and bull-nose end mills",
      "Inch and metric unit conversion with saved tool presets",
      "Full source code under the MIT license",
    ],
    whatNeedsCompletion: [],
  },
  {
    id: "cnc-monitoring-platform",
    title: "CNC Monitoring & OEE Analytics Platform",
    description:
      "Real-time CNC machine monitoring with OEE, spindle utilization and downtime analytics. It connects to controls over MTConnect and OPC UA, captures downtime reason codes from operator tablets, and rolls everything into shift, cell and plant dashboards. Built for multi-site manufacturers that need audit-ready production data.",
    image: "/images/marketplace/cnc-monitoring-platform-1280.webp",
    imageAlt:
      "CNC monitoring dashboard: plant OEE with availability, performance and quality, a status board of machines running, idle, in setup or in alarm, and spindle utilization charts by shift.",
    logoUrl: "/images/marketplace/cnc-monitoring-platform-logo-128.webp",
    price: "Enterprise Solution - Contact for Pricing",
    url: "https://monitor.halvorsencnc.com",
    completionStatus: 95,
    techStack: ["TypeScript", "React", "Node.js", "PostgreSQL", "TimescaleDB", "MTConnect", "OPC UA", "MQTT"],
    category: "Machine Monitoring & Analytics",
    revenueProjection: "$100k-500k/yr",
    developmentTime: "14 months",
    whatIsIncluded: [
      "Live machine status board with run, idle, alarm and setup states for every connected machine",
      "OEE breakdown by machine, cell and shift (availability, performance and quality)",
      "Operator tablet app for downtime reason codes and part counts",
      "Spindle utilization and cycle time trending against program standards",
      "Scheduled PDF and email reports for daily production meetings",
      "Role-based access for operators, supervisors and plant leadership",
      "Complete source code, database schema and deployment scripts",
    ],
    whatNeedsCompletion: [
      "Adapter for legacy controls that lack MTConnect or OPC UA support",
      "Single sign-on (SAML) for enterprise identity providers",
      "Final load testing above 200 concurrently connected machines",
      "Customer onboarding guide and administrator documentation",
    ],
  },
];

export const freeTools: FixedArray<FreeTool, 2> = [
  {
    id: "shop-capacity-planner",
    title: "Shop Capacity Planner",
    description:
      "Free capacity planning for job shops: see machine load by week before you commit to a delivery date. Import open work orders from a CSV, set shift patterns and efficiency factors per machine, and spot overloaded work centers before they become late jobs.",
    url: "https://tools.halvorsencnc.com/capacity-planner",
    githubUrl: "https://github.com/halvorsencnc/shop-capacity-planner",
    techStack: ["React", "TypeScript", "Vite", "Tailwind CSS", "Papa Parse"],
    category: "Production Planning",
    license: "MIT",
    logoUrl: "/images/marketplace/capacity-planner-logo-128.webp",
    features: [
      "Weekly load chart by machine and work center",
      "CSV import of open work orders and routings",
      "Shift patterns, planned maintenance and efficiency factors per machine",
      "What-if scheduling for rush jobs and new quotes",
      "Runs entirely in the browser with no account required",
    ],
  },
  {
    id: "cnc-cycle-time-analyzer",
    title: "CNC Cycle Time Analyzer",
    description:
      "Analyze G-code to estimate cycle time and find wasted motion before the program reaches the machine. Breaks each program into cutting, rapid, tool change and dwell time, flags air cutting and excessive retracts, and compares estimates against actual run times.",
    url: "https://tools.halvorsencnc.com/cycle-time-analyzer",
    githubUrl: "https://github.com/halvorsencnc/cnc-cycle-time-analyzer",
    techStack: ["Python", "FastAPI", "TypeScript", "React", "Plotly"],
    category: "CNC Analysis",
    license: "Commercial",
    logoUrl: "/images/marketplace/cycle-time-analyzer-logo-128.webp",
    features: [
      "Cycle time estimate split into cutting, rapid, tool change and dwell time",
      "Air-cutting and excessive-retract detection by toolpath segment",
      "Per-tool time breakdown to target the biggest savings first",
      "Estimated versus actual comparison using machine run logs",
      "Configurable machine profiles for rapid rates and tool change times",
    ],
  },
];

export interface MarketplacePageContent {
  readonly meta: PageMeta;
  readonly title: "Manufacturing Solutions Portfolio";
  readonly intro: string;
  readonly applicationsHeading: string;
  readonly viewDetailsLabel: "View Details";
  readonly freeToolsHeading: "Free Tools";
  readonly freeToolsIntro: string;
  /** Hashtags appended to microblogging share intents for tools. */
  readonly shareHashtags: readonly string[];
  readonly closing: {
    readonly title: string;
    readonly body: string;
    readonly cta: CtaLink;
  };
}

export const marketplacePage: MarketplacePageContent = {
  meta: {
    title: "Manufacturing Solutions Portfolio: CNC Tools & Software",
    description:
      "Machinist calculators, CNC monitoring and OEE analytics, capacity planning and G-code cycle time analysis, built by a 20+ year aerospace CNC machinist.",
  },
  title: "Manufacturing Solutions Portfolio",
  intro:
    "Software built from two decades on the shop floor: tools that answer the questions machinists, programmers and plant managers ask every shift.",
  applicationsHeading: "Applications",
  viewDetailsLabel: "View Details",
  freeToolsHeading: "Free Tools",
  freeToolsIntro:
    "Practical utilities you can use today. Open the tool, read the source, or share it with your team.",
  shareHashtags: ["CNC", "Machining", "Manufacturing"],
  closing: {
    title: "Need More Than a Tool?",
    body: "Software helps, but lasting gains come from process, people and discipline on the floor. Talk through your operation with Mark in a free 30-minute assessment.",
    cta: { label: "Schedule Manufacturing Assessment", href: "/booking" },
  },
};
