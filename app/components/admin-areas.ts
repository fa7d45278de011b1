// The admin areas, in the order the admin shell's navigation and the dashboard's cards show them.
// Every path is an admin route of app/lib/route-access.ts (admin-areas.test.ts checks it).
import { Activity, BarChart3, CalendarDays, FileText, LayoutDashboard, Mail, MailCheck, Newspaper, Receipt, Users, type LucideIcon } from "lucide-react";
import type { RoutePattern } from "~/lib/route-access";

export type AdminArea = {
  /** The shell's tab. */
  label: string;
  to: RoutePattern;
  icon: LucideIcon;
  /** The dashboard's card (every area but the dashboard). */
  card?: { title: string; description: string; cta: string };
};

export const adminAreas: readonly AdminArea[] = [
  { label: "Dashboard", to: "/admin", icon: LayoutDashboard },
  {
    label: "Bookings",
    to: "/admin/bookings",
    icon: CalendarDays,
    card: {
      title: "Bookings",
      description: "Assessment bookings: confirm, complete or cancel them, block times, export CSV.",
      cta: "Manage Bookings",
    },
  },
  {
    label: "Orders",
    to: "/admin/orders",
    icon: Receipt,
    card: { title: "Orders", description: "Bootcamp enrolments: payments, refunds, buyers and their affiliates, export CSV.", cta: "View Orders" },
  },
  {
    label: "E-mails",
    to: "/admin/emails",
    icon: Mail,
    card: { title: "E-mails", description: "Every message the site sent or queued, its delivery status, and resend.", cta: "View E-mails" },
  },
  {
    label: "Blog",
    to: "/admin/blog",
    icon: FileText,
    card: { title: "Blog Management", description: "Create, edit and publish blog posts.", cta: "Manage Blog" },
  },
  {
    label: "Newsletter",
    to: "/admin/newsletter",
    icon: Newspaper,
    card: { title: "Newsletter", description: "Write an issue or send a post, test it, send it once to every subscriber.", cta: "Write an Issue" },
  },
  { label: "Subscribers", to: "/admin/subscribers", icon: MailCheck, card: { title: "Subscribers", description: "Newsletter subscribers: search, unsubscribe by hand, export CSV.", cta: "View Subscribers" } },
  {
    label: "Affiliates",
    to: "/affiliate-management",
    icon: Users,
    card: {
      title: "Affiliate Management",
      description: "Review applications, approve partners and set commission rates.",
      cta: "Manage Affiliates",
    },
  },
  {
    label: "Analytics",
    to: "/admin/analytics",
    icon: BarChart3,
    card: { title: "Analytics", description: "Traffic, bookings and conversions over time.", cta: "View Analytics" },
  },
  {
    label: "System",
    to: "/admin/system",
    icon: Activity,
    card: { title: "System", description: "E-mail, background tasks, backups and disk space, with what to do when something is wrong.", cta: "Check the System" },
  },
];

/** The area `pathname` belongs to: the dashboard only for /admin itself, others for their subpaths too. */
export function activeAdminArea(pathname: string): AdminArea | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return adminAreas.find((area) => (area.to === "/admin" ? path === "/admin" : path === area.to || path.startsWith(`${area.to}/`)));
}
