import { Link } from "../../../lib/router";
import { FlagIcon } from "../../../components/ui/icons";

/** A challenge that does not exist, or one the visitor does not play in (the server says the same). */
export function ChallengeNotFound() {
  return (
    <section className="flex flex-col items-center py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-3xl text-primary">
        <FlagIcon />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Challenge Not Found</h1>
      <p className="mt-2 max-w-md text-base-content/70">
        This challenge doesn't exist, was deleted, or you're not one of its players.
      </p>
      <Link to="/challenges" className="btn btn-primary mt-6">
        My Challenges
      </Link>
    </section>
  );
}
