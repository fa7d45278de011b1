/**
 * Bootcamp page (/bootcamp) copy and constants.
 * Price 7,500 USD (structured data "7500.00"), length 3 days (SPEC sections 1, 2, 9).
 */
import type { CtaLink, FixedArray, ImageAsset, PageMeta } from "./types";

export interface BootcampPrice {
  /** Whole US dollars. */
  readonly amount: 7500;
  readonly currency: "USD";
  readonly display: "$7,500";
  /** Price as written in the product structured data. */
  readonly structuredData: "7500.00";
}

export interface BootcampLength {
  readonly days: 3;
  readonly display: "3 days";
}

export type BootcampTopicId =
  | "maintenance"
  | "cnc"
  | "itar-compliance"
  | "employee-relations"
  | "vendor-relations"
  | "contract-negotiation"
  | "hr"
  | "federal-contracting-registration"
  | "inventory"
  | "shipping"
  | "ai-in-manufacturing"
  | "erp"
  | "cnc-analytics";

export interface BootcampTopic {
  readonly id: BootcampTopicId;
  readonly title: string;
  readonly description: string;
}

export interface BootcampDay {
  readonly day: 1 | 2 | 3;
  /** Short theme: assess; machines and training; plan and compliance. */
  readonly theme: string;
  readonly title: string;
  readonly summary: string;
  readonly agenda: readonly string[];
}

export interface BootcampContent {
  readonly meta: PageMeta;
  readonly name: string;
  readonly price: BootcampPrice;
  readonly length: BootcampLength;
  readonly hero: {
    readonly eyebrow: string;
    readonly title: string;
    readonly subtitle: string;
  };
  readonly intro: readonly string[];
  readonly enrollLabel: "Enroll Now";
  readonly talkToExpertCta: CtaLink;
  readonly requestCallCta: CtaLink;
  readonly certificationBadge: ImageAsset;
  readonly topicsHeading: string;
  readonly topics: FixedArray<BootcampTopic, 13>;
  readonly outlineHeading: string;
  readonly outline: FixedArray<BootcampDay, 3>;
  readonly whatsIncluded: readonly string[];
  readonly whoItsFor: readonly string[];
  readonly instructor: {
    readonly heading: string;
    readonly bio: readonly string[];
  };
  readonly closing: {
    readonly title: string;
    readonly body: string;
  };
}

export const bootcamp: BootcampContent = {
  meta: {
    title: "3-Day Manufacturing Bootcamp: $7,500 On-Site",
    description:
      "A 3-day on-site bootcamp covering CNC, maintenance, ITAR, HR, federal contracting, ERP and CNC analytics, led by a 20+ year aerospace machinist. $7,500.",
  },
  name: "Manufacturing Bootcamp",
  price: {
    amount: 7500,
    currency: "USD",
    display: "$7,500",
    structuredData: "7500.00",
  },
  length: {
    days: 3,
    display: "3 days",
  },
  hero: {
    eyebrow: "3-Day On-Site Manufacturing Bootcamp",
    title: "Three Days That Reset How Your Shop Runs",
    subtitle:
      "Mark Halvorsen comes to your facility and works alongside your leaders, programmers and operators: assessing the operation, training at the machines and leaving you with a compliance-ready 90-day plan.",
  },
  intro: [
    "Most shops do not have a machine problem. They have a system problem that shows up at the machine: programs that were never optimized, setups that take longer than the run, preventive maintenance that lives on a whiteboard, and a quality system that only gets attention the week before the audit.",
    "The Manufacturing Bootcamp tackles all of it in three focused days on your own floor. Day one establishes a hard baseline. Day two is spent at the machines with your people. Day three turns what we found into a written plan that covers compliance, contracts, people and systems, with owners and deadlines attached.",
  ],
  enrollLabel: "Enroll Now",
  talkToExpertCta: { label: "Talk to an expert", href: "/booking" },
  requestCallCta: { label: "Request a call", href: "/booking" },
  certificationBadge: {
    base: "/images/bootcamp/certification-badge",
    widths: [160, 320, 480],
    width: 480,
    height: 480,
    alt: "Manufacturing Bootcamp certificate of completion badge, awarded by Mark Halvorsen after the 3-day on-site program",
  },
  topicsHeading: "13 Topics, One Operating System for Your Shop",
  topics: [
    {
      id: "maintenance",
      title: "Preventive & Predictive Maintenance",
      description:
        "Build PM schedules around spindle hours instead of calendar dates. Ballbar checks, spindle vibration trending and way-lube audits that catch failures before they scrap a finished part.",
    },
    {
      id: "cnc",
      title: "CNC Programming & Machining Strategy",
      description:
        "5-axis toolpath strategy, CAM post-processor validation, fixturing and workholding, and setup reduction methods that shorten cycle time without sacrificing tool life.",
    },
    {
      id: "itar-compliance",
      title: "ITAR Compliance",
      description:
        "Controlling technical data, restricting foreign-person access, visitor logs and the DDTC registration basics every shop handling defense articles has to get right.",
    },
    {
      id: "employee-relations",
      title: "Employee Relations",
      description:
        "Keeping skilled machinists: shift-to-shift communication, recognition, fair overtime distribution and resolving conflict on the floor before it turns into turnover.",
    },
    {
      id: "vendor-relations",
      title: "Vendor Relations",
      description:
        "Qualifying and scoring suppliers for material, tooling, heat treat and plating; maintaining an approved supplier list and flowing down customer quality clauses.",
    },
    {
      id: "contract-negotiation",
      title: "Contract Negotiation",
      description:
        "Reading purchase order terms and conditions, pricing for risk, and negotiating payment terms, first-article requirements and lead times you can actually hit.",
    },
    {
      id: "hr",
      title: "Human Resources",
      description:
        "Hiring and onboarding machinists, skills matrices, apprenticeship paths, documented training records and the written policies auditors and insurers ask to see.",
    },
    {
      id: "federal-contracting-registration",
      title: "Federal Contracting Registration",
      description:
        "Step-by-step SAM.gov registration, your Unique Entity ID and CAGE code, NAICS code selection and positioning the shop for prime and subcontract opportunities.",
    },
    {
      id: "inventory",
      title: "Inventory Management",
      description:
        "Raw material traceability, cycle counting, tool crib control and min/max levels that keep jobs moving without tying up cash on the shelf.",
    },
    {
      id: "shipping",
      title: "Shipping & Logistics",
      description:
        "Packaging that protects finished surfaces, certificate of conformance packets, export-controlled shipment handling and carrier choices that protect on-time delivery.",
    },
    {
      id: "ai-in-manufacturing",
      title: "AI in Manufacturing",
      description:
        "Where AI pays off today (quoting support, tool-wear prediction, scheduling and document review) and where it is not yet ready for a flight-critical shop.",
    },
    {
      id: "erp",
      title: "ERP Systems",
      description:
        "Choosing and implementing an ERP that fits a job shop: routings, work orders, labor tracking and the clean data discipline that makes the reports worth reading.",
    },
    {
      id: "cnc-analytics",
      title: "CNC Analytics",
      description:
        "Machine monitoring, OEE and spindle utilization dashboards, downtime reason codes, and turning the numbers into a 15-minute daily production meeting.",
    },
  ],
  outlineHeading: "The 3-Day Outline",
  outline: [
    {
      day: 1,
      theme: "Assess",
      title: "Day 1: Assess the Operation",
      summary:
        "A hard, numbers-first look at where your shop really stands, with leadership and shift leads in the room.",
      agenda: [
        "Facility walk-through with leadership, programmers and shift leads",
        "Baseline OEE, spindle utilization, scrap rate and on-time delivery",
        "Quality system review: first-article inspection, nonconformance handling and AS9100 readiness",
        "Maintenance, inventory and tool crib audit",
        "End-of-day debrief with a prioritized list of gaps",
      ],
    },
    {
      day: 2,
      theme: "Machines and training",
      title: "Day 2: Machines & Training",
      summary:
        "Hands-on work at your machines with the people who run them, on your own jobs.",
      agenda: [
        "CNC program and CAM post-processor review at the control",
        "Setup reduction and fixturing workshop on a live job",
        "Preventive maintenance routines and spindle health checks",
        "Operator and lead training on standard work and a cross-training matrix",
        "Machine monitoring and CNC analytics walkthrough",
      ],
    },
    {
      day: 3,
      theme: "Plan and compliance",
      title: "Day 3: Plan & Compliance",
      summary:
        "Turn the findings into a written plan and close the compliance gaps that block growth.",
      agenda: [
        "ITAR compliance review and controlled technical data handling",
        "SAM.gov and CAGE code registration walkthrough for federal work",
        "Vendor, contract and HR policy review",
        "ERP, inventory and shipping process recommendations",
        "90-day improvement plan with owners, metrics and deadlines",
      ],
    },
  ],
  whatsIncluded: [
    "Three full days on-site at your facility with Mark Halvorsen",
    "Pre-visit questionnaire and review of your production data",
    "Written assessment report with baseline OEE, scrap and delivery metrics",
    "90-day improvement plan with owners, milestones and target numbers",
    "Working templates: PM schedule, skills matrix, first-article checklist, supplier scorecard and ITAR data-handling checklist",
    "Certificate of completion for every participant",
  ],
  whoItsFor: [
    "Owners of job shops and contract manufacturers who are ready to grow without losing control",
    "Plant, operations and production managers responsible for throughput and delivery",
    "Aerospace and defense suppliers preparing for AS9100 certification or ITAR-controlled work",
    "Shops moving from 3-axis to 5-axis machining or adding robotic automation",
    "Manufacturers pursuing their first federal contracts or subcontracts",
    "Lead machinists and programmers stepping into supervisory roles",
  ],
  instructor: {
    heading: "Your Instructor: Mark Halvorsen",
    bio: [
      "Mark Halvorsen started as an apprentice machinist in 2004, running manual mills and 3-axis verticals in an aerospace job shop in Wichita, Kansas. He moved into 5-axis programming three years later and has since logged more than 8,000 hours programming and proving out simultaneous 5-axis work on titanium, Inconel and aluminum flight hardware.",
      "Over 20+ years in aerospace, CNC and robotics he has supervised shift teams of 15 to 25 machinists, programmers and inspectors, integrated robotic loading cells into high-mix production, and directed a machining department of 25+ employees through AS9100 surveillance audits and ITAR-controlled programs.",
      "Today he works directly with manufacturers across the United States, bringing the same shop-floor approach to every engagement: measure first, fix what the numbers point to, and leave the team able to sustain it.",
    ],
  },
  closing: {
    title: "Ready to Bring the Bootcamp to Your Floor?",
    body: "Enroll today for $7,500, or talk it through with Mark first to make sure the bootcamp fits your operation.",
  },
};
