import type { ReactNode } from "react";
import { Link } from "../../../lib/router";
import { AlertIcon } from "../../../components/ui/icons";

export const CHALLENGE_NOT_FOUND_TEXT =
  "The challenge you're looking for doesn't exist or the invitation link is no longer valid.";

type InviteStateCardProps = { title: string; text: ReactNode; children?: ReactNode };

/** A centred card for invite problems (Invalid Invitation, Challenge Not Found, join failures). */
export function InviteStateCard({ title, text, children }: InviteStateCardProps) {
  return (
    <div className="flex justify-center py-8">
      <section
        role="alert"
        aria-labelledby="invite-state-title"
        className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-error/10 text-2xl text-error">
            <AlertIcon />
          </span>
          <h1 id="invite-state-title" className="mt-2 text-2xl font-bold tracking-tight">
            {title}
          </h1>
          <p className="text-base-content/70">{text}</p>
          <div className="mt-4 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{children}</div>
        </div>
      </section>
    </div>
  );
}

export function ChallengeNotFoundCard({ text = CHALLENGE_NOT_FOUND_TEXT }: { text?: string }) {
  return (
    <InviteStateCard title="Challenge Not Found" text={text}>
      <Link to="/" className="btn btn-primary">
        Go to Home
      </Link>
    </InviteStateCard>
  );
}
