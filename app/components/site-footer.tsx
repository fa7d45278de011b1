import { Cog } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { SITE_NAME } from "~/lib/seo";

const columns = [
  {
    title: "Services",
    links: [
      { to: "/bootcamp", label: "Manufacturing Bootcamp" },
      { to: "/booking", label: "Consultation Booking" },
      { to: "/marketplace", label: "Tools & Marketplace" },
      { to: "/blog", label: "Blog & Resources" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/booking", label: "Contact" },
      { to: "/admin", label: "Admin" },
    ],
  },
  {
    title: "Partners",
    links: [
      { to: "/affiliate-program", label: "Affiliate Program", note: "Earn 15% Commission" },
      { to: "/affiliate-dashboard", label: "Partner Dashboard" },
    ],
  },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t bg-primary text-primary-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <Cog aria-hidden="true" className="size-6" />
            {SITE_NAME}
          </p>
          <p className="text-sm text-primary-foreground/80">
            Hands-on CNC, aerospace and shop-floor consulting from a machinist with 20+ years on the
            floor.
          </p>
          <Button asChild variant="brand">
            <Link to="/bootcamp">Start Learning</Link>
          </Button>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide">{column.title}</h2>
            <ul className="space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="text-primary-foreground/85 underline-offset-4 hover:text-primary-foreground hover:underline">
                    {link.label}
                  </Link>
                  {"note" in link ? (
                    <span className="block text-xs text-primary-foreground/75">{link.note}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-primary-foreground/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-primary-foreground/80 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {SITE_NAME}. All rights reserved.
          </p>
          <Link to="/affiliate-program" className="font-medium text-primary-foreground underline-offset-4 hover:underline">
            Join Affiliate Program
          </Link>
        </div>
      </div>
    </footer>
  );
}
