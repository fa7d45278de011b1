/** The navigation bar's six links (SPEC.md "Global elements"), in order. */
export const navLinks = [
  { to: "/", label: "Home" },
  { to: "/bootcamp", label: "Bootcamp" },
  { to: "/marketplace", label: "Tools" },
  { to: "/blog", label: "Blog" },
  { to: "/affiliate-program", label: "Affiliate Program" },
  { to: "/booking", label: "Booking" },
] as const;
