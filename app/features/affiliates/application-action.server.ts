// /affiliate-application's action: the detailed form (SPEC.md section 5), checked with the page's
// own schema, rate-limited per client and account, answered with the spec's messages.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import type { SessionUser } from "~/features/auth/index.server";
import { NO_STORE } from "~/lib/cache-headers";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { readFormData } from "~/lib/form-data.server";
import type { Toast } from "~/lib/toast";
import { loggableError } from "#server/db/errors.server";
import { logger } from "#server/logger.server";
import { rateLimitRequest, refusalHeaders } from "#server/rate-limits.server";
import { applyAsAffiliate } from "./applications.server";
import { ALREADY_APPLIED_MESSAGE } from "./dashboard.server";
import { applicationProblem } from "./application-problem";
import { applicationSchema } from "./schemas";

export const APPLICATION_SUBMITTED = "Application submitted! We'll review and notify you by email.";

export type ApplicationActionResult = ActionResult & { toast: Toast };

const answer = (result: ApplicationActionResult, status: number, headers: HeadersInit = NO_STORE) => data(result, { status, headers });

export async function submitApplication(request: Request, user: SessionUser, clientIp: string | undefined) {
  const formData = await readFormData(request, { schema: [applicationSchema] });
  const submission = parseWithZod(formData, { schema: applicationSchema });
  if (submission.status !== "success") {
    return answer({ ok: false, toast: { kind: "error", title: applicationProblem(submission.error) }, reply: submission.reply() }, 400);
  }
  const refusal = await rateLimitRequest(request, { client: clientIp, email: user.email });
  if (refusal) {
    return answer({ ok: false, toast: { kind: "error", title: "Too many applications", description: refusal.message }, reply: submission.reply({ formErrors: [refusal.message] }) }, 429, refusalHeaders(refusal));
  }
  const { payoutEmail, experience, audience, promotionPlan, ...handles } = submission.value;
  try {
    const outcome = await applyAsAffiliate({
      user,
      payoutEmail,
      handles: { ...handles, experience, audience, promotion_plan: promotionPlan },
    });
    if (outcome.outcome === "already-applied") {
      return answer({ ok: false, toast: { kind: "error", title: ALREADY_APPLIED_MESSAGE }, reply: submission.reply({ formErrors: [ALREADY_APPLIED_MESSAGE] }) }, 409);
    }
    logger.info({ affiliateCode: outcome.affiliateCode }, "affiliate application");
  } catch (error) {
    logger.error({ err: loggableError(error) }, "affiliate application failed");
    const message = "Failed to submit application: Unknown error";
    return answer({ ok: false, toast: { kind: "error", title: message }, reply: submission.reply({ formErrors: [message] }) }, 500);
  }
  return redirectWithToast("/affiliate-dashboard", { kind: "success", title: APPLICATION_SUBMITTED });
}
