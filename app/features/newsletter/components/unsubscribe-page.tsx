// /newsletter/unsubscribe/:token, the link in every newsletter e-mail: one button, no sign-in.
// Opening it changes nothing (mail scanners open links); the button does. A token no
// subscription has reads like an address that is not subscribed.
import { MailX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { SubmitButton } from "~/components/form";
import { Button } from "~/components/ui/button";
import type { UnsubscribePage as UnsubscribePageData } from "../actions.server";
import { UNSUBSCRIBE_INTENT } from "../messages";

export function UnsubscribePage(page: UnsubscribePageData) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const address = page.maskedEmail ? <strong className="font-semibold text-foreground">{page.maskedEmail}</strong> : null;
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-16 text-center sm:py-24">
      <MailX aria-hidden="true" className="mx-auto size-12 text-primary" />
      {page.state === "subscribed" ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-primary">Unsubscribe</h1>
          <p className="text-lg text-muted-foreground">Stop sending the monthly newsletter to {address}?</p>
          <Form method="post" className="flex flex-col justify-center gap-3 sm:flex-row">
            <input type="hidden" name="intent" value={UNSUBSCRIBE_INTENT} />
            <SubmitButton busy={busy} busyText="Unsubscribing..." size="lg" className="h-12 px-6 text-base">
              Unsubscribe
            </SubmitButton>
            <Button asChild variant="outline" size="lg" className="h-12 px-6 text-base">
              <Link to="/blog">Keep Reading the Blog</Link>
            </Button>
          </Form>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-primary">You Are Unsubscribed</h1>
          <p role="status" className="text-lg text-muted-foreground">
            {address ? <>The newsletter is not sent to {address}.</> : <>The newsletter is not sent to the address of this link.</>}{" "}
            Changed your mind? You can subscribe again at the bottom of any blog page.
          </p>
          <div className="flex justify-center">
            <Button asChild variant="outline" size="lg" className="h-12 px-6 text-base">
              <Link to="/blog">Go to the Blog</Link>
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
