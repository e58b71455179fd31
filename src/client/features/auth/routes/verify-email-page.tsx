import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "../../../lib/router";
import { INVALID_EMAIL_LINK } from "../../../../shared/schemas/recovery";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { usePageTitle } from "../../../hooks/use-page-title";
import { errorMessage } from "../../../lib/errors";
import { trpc } from "../../../lib/trpc";
import { useConfirmEmail } from "../hooks/use-recovery";

const TOKEN = /^[a-z2-7]{52}$/;

type State = { kind: "confirming" } | { kind: "done"; email: string } | { kind: "failed"; message: string };

/**
 * /verify-email/{token}: the link of a confirmation mail, opened signed in or not
 * (docs/product/routes-and-screens.md#verify-email). It confirms once, on arrival.
 */
export function VerifyEmailPage() {
  const { token = "" } = useParams();
  usePageTitle("Confirm Email");
  const confirm = useConfirmEmail();
  const utils = trpc.useUtils();
  const [state, setState] = useState<State>(
    TOKEN.test(token) ? { kind: "confirming" } : { kind: "failed", message: INVALID_EMAIL_LINK },
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !TOKEN.test(token)) return;
    started.current = true;
    confirm
      .mutateAsync({ token })
      .then((result) => {
        setState({ kind: "done", email: result.email });
        void utils.auth.emailStatus.invalidate();
        void utils.auth.me.invalidate();
      })
      .catch((error) => setState({ kind: "failed", message: errorMessage(error, INVALID_EMAIL_LINK) }));
  }, [token, confirm, utils]);

  if (state.kind === "confirming") return <PageSpinner label="Confirming your email address..." />;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4 py-10 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {state.kind === "done" ? "Email Confirmed" : "Link Not Valid"}
      </h1>
      <p className="text-base-content/70">
        {state.kind === "done" ? `Your email address is now ${state.email}.` : state.message}
      </p>
      <Link to="/" className="btn btn-primary">
        Go to Dashboard
      </Link>
    </section>
  );
}
