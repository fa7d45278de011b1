import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The spec's route table (SPEC.md section 2), explicit. Resource routes (robots, sitemap, logout)
// sit with the pages; every other path falls through to the not-found page. Each route declares
// its access in app/lib/route-access.ts (the authorization test fails on one that does not).
export default [
  index("routes/home.tsx"),
  route("bootcamp", "routes/bootcamp.tsx"),
  route("about", "routes/about.tsx"),
  route("marketplace", "routes/marketplace.tsx"),
  route("booking", "routes/booking.tsx"),
  route("booking/confirmation", "routes/booking-confirmation.tsx"),
  route("booking/cancel/:token", "routes/booking-cancel.tsx"),
  route("payment-success", "routes/payment-success.tsx"),
  route("payment-canceled", "routes/payment-canceled.tsx"),
  route("congrats", "routes/congrats.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog-rss-xml.ts"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("newsletter", "routes/newsletter.ts"),
  route("newsletter/unsubscribe/:token", "routes/newsletter-unsubscribe.tsx"),
  route("newsletter/one-click/:token", "routes/newsletter-one-click.ts"),
  route("a/:slugOrCode?", "routes/affiliate-redirect.tsx"),
  route("admin-login", "routes/admin-login.tsx"),
  // Admin pages share one layout: its guard, no-store and error boundary (each page guards too).
  layout("routes/admin-layout.tsx", [
    route("admin", "routes/admin.tsx"),
    route("admin/blog", "routes/admin-blog.tsx"),
    route("admin/analytics", "routes/admin-analytics.tsx"),
    route("admin/emails", "routes/admin-emails.tsx"),
    route("admin/emails/:id", "routes/admin-email.tsx"),
    route("admin/bookings", "routes/admin-bookings.tsx"),
    route("admin/bookings/export.csv", "routes/admin-bookings-csv.ts"),
    route("admin/bookings/:id", "routes/admin-booking.tsx"),
    route("admin/subscribers", "routes/admin-subscribers.tsx"),
    route("admin/subscribers/export.csv", "routes/admin-subscribers-csv.ts"),
    route("affiliate-management", "routes/affiliate-management.tsx"),
  ]),
  route("affiliate-dashboard", "routes/affiliate-dashboard.tsx"),
  route("affiliate-application", "routes/affiliate-application.tsx"),
  route("affiliate-program", "routes/affiliate-program.tsx"),
  route("affiliate-test", "routes/affiliate-test.tsx"),
  route("auth", "routes/auth.tsx"),
  route("logout", "routes/logout.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("api/auth/*", "routes/api-auth.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
