/**
 * Consultant identity used across pages (navigation, footer, bios, structured data).
 * Numbers follow the claims of SPEC section 1.
 */

import { BUSINESS_NAME } from "./site-name";
import type { ImageAsset } from "./types";

export type SocialPlatform = "linkedin" | "youtube" | "x";

export interface SocialLink {
  readonly platform: SocialPlatform;
  /** Visible / accessible label, e.g. "LinkedIn". */
  readonly label: string;
  readonly handle: string;
  readonly url: string;
}

export interface SiteLocation {
  readonly city: string;
  readonly region: string;
  readonly regionCode: string;
  readonly country: string;
  readonly countryCode: "US";
  /** IANA time zone used for booking slots (SPEC section 9: Central Time). */
  readonly timeZone: "America/Chicago";
  readonly timeZoneLabel: string;
  readonly timeZoneAbbreviation: "CT";
}

export interface NumericClaim {
  /** Lower bound as a number, for structured data or calculations. */
  readonly value: number;
  /** How the figure is displayed, e.g. "20+". */
  readonly display: string;
  readonly label: string;
}

export interface SiteClaims {
  /** 20+ years of experience (aerospace, CNC, robotics). */
  readonly yearsExperience: NumericClaim & {
    readonly areas: readonly ["Aerospace", "CNC", "Robotics"];
  };
  /** 5-axis CNC programming mastery. */
  readonly fiveAxis: { readonly display: "5-Axis"; readonly label: string };
  /** Teams of 25+ employees led. */
  readonly employeesLed: NumericClaim;
  /** 8,000+ hours. */
  readonly hours: NumericClaim;
  /** Teams of 15 to 25. */
  readonly teamSize: {
    readonly min: 15;
    readonly max: 25;
    readonly display: "15 to 25";
    readonly label: string;
  };
}

export interface SiteIdentity {
  readonly name: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly initials: string;
  readonly jobTitle: string;
  readonly businessName: string;
  /** Public origin of the site (no trailing slash). */
  readonly url: string;
  readonly headline: string;
  readonly shortBio: string;
  readonly portrait: ImageAsset;
  readonly location: SiteLocation;
  readonly social: readonly SocialLink[];
  readonly claims: SiteClaims;
}

export const site: SiteIdentity = {
  name: "Mark Halvorsen",
  givenName: "Mark",
  familyName: "Halvorsen",
  initials: "MH",
  jobTitle: "Senior CNC Machinist & Manufacturing Consultant",
  businessName: BUSINESS_NAME,
  url: "https://www.halvorsencnc.com",
  headline:
    "Senior CNC machinist and manufacturing consultant helping aerospace and precision shops cut cycle time, raise OEE and pass their next audit.",
  shortBio:
    "Mark Halvorsen has spent more than 20 years in aerospace manufacturing, CNC machining and robotics, starting as an apprentice machinist in 2004 and rising to direct a machining department of 25+ employees. He has logged 8,000+ hours programming and proving out 5-axis work on titanium, Inconel and aluminum flight hardware, and has built and coached shift teams of 15 to 25 machinists, programmers and inspectors. Today he works on-site with manufacturers across the United States from his base in Wichita, Kansas.",
  portrait: {
    base: "/images/about/mark-halvorsen",
    widths: [320, 480, 640],
    width: 640,
    height: 800,
    alt: "Illustrated portrait of Mark Halvorsen in safety glasses, standing in front of a 5-axis machining center and its control",
  },
  location: {
    city: "Wichita",
    region: "Kansas",
    regionCode: "KS",
    country: "United States",
    countryCode: "US",
    timeZone: "America/Chicago",
    timeZoneLabel: "Central Time (CT)",
    timeZoneAbbreviation: "CT",
  },
  social: [
    {
      platform: "linkedin",
      label: "LinkedIn",
      handle: "mark-halvorsen-cnc",
      url: "https://www.linkedin.com/in/mark-halvorsen-cnc",
    },
    {
      platform: "youtube",
      label: "YouTube",
      handle: "@HalvorsenCNC",
      url: "https://www.youtube.com/@HalvorsenCNC",
    },
    {
      platform: "x",
      label: "X",
      handle: "@HalvorsenCNC",
      url: "https://x.com/HalvorsenCNC",
    },
  ],
  claims: {
    yearsExperience: {
      value: 20,
      display: "20+",
      label: "years of experience in aerospace, CNC and robotics",
      areas: ["Aerospace", "CNC", "Robotics"],
    },
    fiveAxis: {
      display: "5-Axis",
      label: "CNC programming mastery",
    },
    employeesLed: {
      value: 25,
      display: "25+",
      label: "employees led in a single machining department",
    },
    hours: {
      value: 8000,
      display: "8,000+",
      label: "hours of hands-on 5-axis programming and machine prove-out",
    },
    teamSize: {
      min: 15,
      max: 25,
      display: "15 to 25",
      label: "machinists, programmers and inspectors per shift team built and coached",
    },
  },
};
