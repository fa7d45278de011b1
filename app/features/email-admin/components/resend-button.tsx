// 'Resend' for a dead message: posts to the message's route, and the page's data reloads with
// the new status. The outcome's toast lives in useResendToasts(), called by the page itself,
// because a successful resend removes the button (the message is no longer dead).
import { RotateCw } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import type { ResendResult } from "../email-admin.server";
import { RESEND_INTENT } from "../schema";

const RESEND_FETCHER = "email-resend";

export function useResendToasts() {
  const fetcher = useFetcher<ResendResult>({ key: RESEND_FETCHER });
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) toast.success("E-mail sent", { description: "The message was delivered this time." });
    else toast.error("Resend failed", { description: result.error });
  }, [fetcher.state, result]);
}

export function ResendButton() {
  const fetcher = useFetcher<ResendResult>({ key: RESEND_FETCHER });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={RESEND_INTENT} />
      <Button type="submit" variant="brand" disabled={busy}>
        {busy ? <Spinner label="Resending" /> : <RotateCw aria-hidden="true" />}
        {busy ? "Resending..." : "Resend"}
      </Button>
    </fetcher.Form>
  );
}
