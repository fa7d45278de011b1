import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { LastBooking } from "../forms";
import { ConfirmationPage } from "./confirmation-page";

const booking: LastBooking = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "316-555-0100",
  sessionDate: "2026-12-03T06:00:00.000Z",
  sessionTime: "10:00",
  sessionDuration: "60",
  projectType: "Process Optimization",
  projectDescription: "Spindle utilisation on second shift is low.",
  experienceLevel: "beginner",
  specificGoals: "",
  additionalRequirements: "",
  bookingId: "booking_1795000000000",
  createdAt: "2026-11-23T12:00:00.000Z",
};

function render(emailError: string | null) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ConfirmationPage booking={booking} emailError={emailError} contactEmail="owner@example.com" />
    </MemoryRouter>,
  );
}

describe("the confirmation page's next steps", () => {
  it("promise the confirmation e-mail when it was sent", () => {
    const html = render(null);
    expect(html).toContain("You&#x27;ll receive a confirmation email within minutes.");
    expect(html).toContain("December 3, 2026");
  });

  it("say it could not be sent yet, beside the banner, when its first delivery failed", () => {
    const html = render("SMTP 450");
    expect(html).toContain("Email sending failed: SMTP 450.");
    expect(html).toContain("Your confirmation email could not be sent yet.");
    expect(html).not.toContain("within minutes");
  });
});

describe("the confirmation page's change links", () => {
  const withLinks = (changeLinks: { reschedule: string; cancel: string } | null) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <ConfirmationPage booking={booking} emailError={null} contactEmail="owner@example.com" changeLinks={changeLinks} />
      </MemoryRouter>,
    );

  it("offer Reschedule next to Cancel for the booking just made", () => {
    const html = withLinks({ reschedule: "/booking/reschedule/abc.0", cancel: "/booking/cancel/abc" });
    expect(html).toMatch(/href="\/booking\/reschedule\/abc\.0"[^>]*>Reschedule<\/a>/);
    expect(html).toMatch(/href="\/booking\/cancel\/abc"[^>]*>Cancel<\/a>/);
  });

  it("are absent when the server does not know the booking (only localStorage does)", () => {
    expect(withLinks(null)).not.toContain("/booking/reschedule/");
  });
});
