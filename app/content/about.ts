/**
 * About / CV page (/about): experience by category, core expertise with years,
 * education, key achievements (SPEC section 2). Organisations are fictional.
 * Career timeline: apprentice machinist from 2004 (20+ years), consistent with site claims.
 * The timelines run newest first, in the order shown: experience categories by their latest
 * role, roles and education by year.
 */
import type { CtaLink, PageMeta } from "./types";

export interface CvRole {
  readonly title: string;
  readonly organisation: string;
  readonly location: string;
  /** Display period, e.g. "2004 – 2008" or "2023 – Present". */
  readonly period: string;
  readonly highlights: readonly string[];
}

export interface ExperienceCategory {
  readonly category: string;
  readonly roles: readonly CvRole[];
}

export interface ExpertiseItem {
  readonly skill: string;
  readonly years: number;
}

export interface EducationItem {
  readonly credential: string;
  readonly institution: string;
  readonly year: number;
}

export interface AboutContent {
  readonly meta: PageMeta;
  readonly heading: string;
  readonly subheading: string;
  readonly summary: readonly string[];
  readonly scheduleCta: CtaLink;
  readonly experienceHeading: string;
  readonly experience: readonly ExperienceCategory[];
  readonly expertiseHeading: string;
  readonly expertise: readonly ExpertiseItem[];
  readonly educationHeading: string;
  readonly education: readonly EducationItem[];
  readonly achievementsHeading: string;
  readonly achievements: readonly string[];
  readonly closing: {
    readonly title: string;
    readonly body: string;
    readonly cta: CtaLink;
  };
}

export const about: AboutContent = {
  meta: {
    title: "About Mark Halvorsen: CNC Machinist & Consultant CV",
    description:
      "20+ years in aerospace, CNC and robotics: 5-axis programming, AS9100 quality systems and leading teams of 25+ employees. Read Mark Halvorsen's full CV.",
  },
  heading: "Mark Halvorsen",
  subheading: "Senior CNC Machinist & Manufacturing Consultant",
  summary: [
    "Mark Halvorsen has built his career on the shop floor: apprentice machinist, 5-axis programmer, production supervisor, automation lead and director of machining operations, all in aerospace manufacturing.",
    "He now advises job shops, contract manufacturers and aerospace and defense suppliers on cycle time, OEE, quality systems, compliance and the people side of running a machine shop.",
  ],
  scheduleCta: { label: "Schedule a Consultation", href: "/booking" },
  experienceHeading: "Professional Experience",
  experience: [
    {
      category: "Leadership & Consulting",
      roles: [
        {
          title: "Principal Consultant",
          organisation: "Halvorsen Manufacturing Advisory",
          location: "Wichita, KS",
          period: "2023 – Present",
          highlights: [
            "Delivers the 3-day on-site Manufacturing Bootcamp and free 30-minute assessments for manufacturers across the United States",
            "Guides shops through AS9100 readiness, ITAR compliance programs and SAM.gov and CAGE code registration",
            "Builds OEE and spindle utilization baselines and 90-day improvement plans with clients' leadership teams",
          ],
        },
        {
          title: "Director of Machining Operations",
          organisation: "Cimarron Aerospace Systems",
          location: "Wichita, KS",
          period: "2019 – 2023",
          highlights: [
            "Directed a machining department of 25+ employees across three shifts: machinists, CNC programmers, setup techs and inspectors",
            "Raised department OEE from 54% to 72% through setup reduction, machine monitoring and daily tiered production meetings",
            "Led the department through four AS9100 surveillance audits with zero major findings",
            "Owned the capital plan for two 5-axis machining centers and a robotic pallet system",
          ],
        },
      ],
    },
    {
      category: "Robotics & Automation",
      roles: [
        {
          title: "Robotics & Automation Lead",
          organisation: "Plainsview Aerostructures",
          location: "Wichita, KS",
          period: "2016 – 2019",
          highlights: [
            "Integrated robotic part loading on four horizontal machining centers, enabling lights-out running on third shift",
            "Raised spindle utilization on the automated cell from 41% to 78%",
            "Implemented in-process probing and automatic tool-life management to protect unattended runs",
          ],
        },
      ],
    },
    {
      category: "Aerospace Manufacturing",
      roles: [
        {
          title: "Production Supervisor, 5-Axis Machining",
          organisation: "Plainsview Aerostructures",
          location: "Wichita, KS",
          period: "2012 – 2016",
          highlights: [
            "Supervised shift teams of 15 to 25 machinists and inspectors producing titanium and aluminum structural components",
            "Cut first-article inspection rejections by 60% by standardizing FAI packages and in-process probing",
            "Built the cross-training matrix and apprenticeship path that took second-shift turnover from 30% to under 10%",
          ],
        },
      ],
    },
    {
      category: "CNC Programming & Machining",
      roles: [
        {
          title: "Senior 5-Axis CNC Programmer",
          organisation: "Redline Aero Components",
          location: "Wichita, KS",
          period: "2007 – 2012",
          highlights: [
            "Programmed simultaneous 5-axis toolpaths for Inconel and titanium engine brackets, housings and fittings",
            "Developed and validated CAM post-processors for three machine and control combinations",
            "Designed modular fixturing that reduced average setup time from 4 hours to 90 minutes",
          ],
        },
        {
          title: "CNC Machinist (Apprentice to Journeyman)",
          organisation: "Keystone Precision Components",
          location: "Wichita, KS",
          period: "2004 – 2007",
          highlights: [
            "Completed a four-year machinist apprenticeship in three years on manual mills, lathes and 3-axis vertical machining centers",
            "Ran and set up aerospace production jobs to print tolerances of plus or minus 0.0005 in.",
          ],
        },
      ],
    },
  ],
  expertiseHeading: "Core Expertise",
  expertise: [
    { skill: "CNC machining & setup", years: 22 },
    { skill: "Aerospace manufacturing (AS9100)", years: 22 },
    { skill: "5-axis CNC programming", years: 19 },
    { skill: "CAM post-processor development", years: 18 },
    { skill: "Fixturing & workholding design", years: 18 },
    { skill: "ITAR compliance", years: 15 },
    { skill: "Team leadership & training", years: 14 },
    { skill: "Lean manufacturing & OEE improvement", years: 14 },
    { skill: "Robotics & automation", years: 10 },
    { skill: "Machine monitoring & CNC analytics", years: 10 },
    { skill: "ERP implementation", years: 7 },
    { skill: "Federal contracting (SAM.gov & CAGE)", years: 7 },
  ],
  educationHeading: "Education & Certifications",
  education: [
    {
      credential: "AS9100D Internal Auditor Certificate",
      institution: "Midcontinent Quality Systems Academy",
      year: 2018,
    },
    {
      credential: "Lean Six Sigma Green Belt",
      institution: "Heartland Institute for Operational Excellence",
      year: 2014,
    },
    {
      credential: "Bachelor of Science, Manufacturing Engineering Technology",
      institution: "Great Plains State University",
      year: 2011,
    },
    {
      credential: "Associate of Applied Science, Precision Machining Technology",
      institution: "Prairie Ridge Technical College",
      year: 2006,
    },
  ],
  achievementsHeading: "Key Achievements",
  achievements: [
    "20+ years of experience across aerospace manufacturing, CNC machining and robotics",
    "8,000+ hours of hands-on 5-axis programming and machine prove-out",
    "Led a machining department of 25+ employees across three shifts",
    "Built and coached shift teams of 15 to 25 machinists, programmers and inspectors",
    "Raised department OEE from 54% to 72% and automated-cell spindle utilization from 41% to 78%",
    "Four consecutive AS9100 surveillance audits closed with zero major findings",
  ],
  closing: {
    title: "Put 20+ Years of Shop-Floor Experience to Work",
    body: "Start with a conversation about your toughest constraint. Mark will tell you plainly where he would begin.",
    cta: { label: "Book Your Consultation Today", href: "/booking" },
  },
};
