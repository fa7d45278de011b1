/**
 * Home page testimonials (SPEC section 3: 4 static items with quote, name, title, company, initials).
 * People and companies are fictional.
 */
import type { FixedArray } from "./types";

export interface Testimonial {
  readonly quote: string;
  readonly name: string;
  /** Job title. */
  readonly title: string;
  readonly company: string;
  /** Two-letter avatar fallback. */
  readonly initials: string;
}

export const testimonials: FixedArray<Testimonial, 4> = [
  {
    quote:
      "Within six weeks of the bootcamp our 5-axis cell went from 52% to 71% OEE. Mark rewrote our post-processor on day two and took 38 percent out of the cycle time on our highest-volume bulkhead fitting.",
    name: "Rachel Dominguez",
    title: "VP of Operations",
    company: "Ridgeline Aerostructures",
    initials: "RD",
  },
  {
    quote:
      "We had back-to-back audit findings on first-article documentation. Mark worked through the FAI process with our inspectors at the CMM, not in a conference room, and our next AS9100 surveillance audit closed with zero major findings.",
    name: "Tom Brecker",
    title: "Quality Manager",
    company: "Cobalt Creek Precision",
    initials: "TB",
  },
  {
    quote:
      "The federal contracting session alone paid for the bootcamp. Our SAM.gov registration and CAGE code were sorted within a month, and we quoted our first defense subcontract that same quarter.",
    name: "Angela Whitfield",
    title: "Owner & President",
    company: "Tri-County Machine & Fabrication",
    initials: "AW",
  },
  {
    quote:
      "Mark speaks the language of the machinists and the language of the front office. Our second shift finally has standard work, a cross-training matrix and a lead who actually wants to stay.",
    name: "Marcus Ochoa",
    title: "Plant Manager",
    company: "Northgate Defense Components",
    initials: "MO",
  },
];
