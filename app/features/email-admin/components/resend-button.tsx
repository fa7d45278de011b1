// 'Resend' for a dead message: a fetcher form posting to the message's route, answered with the
// kit's ActionResult; the page's data reloads with the new status. The toast is shown by
// useResendToasts(), called by the page itself, because a successful resend removes the button
// (the message is no longer dead).
import { RotateCw } from "lucide-react";
import { useFetcher } from "react-router";
import { useFetcherToast, type ActionResult } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { RESEND_INTENT } from "../forms";

const RESEND_FETCHER = "email-resend";

export function useResendToasts() {
  useFetcherToast(useFetcher<ActionResult>({ key: RESEND_FETCHER }));
}

export function ResendButton() {
  const fetcher = useFetcher<ActionResult>({ key: RESEND_FETCHER });
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
