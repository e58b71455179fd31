import { Link } from "../lib/router";
import { FlagIcon } from "../components/ui/icons";
import { usePageTitle } from "../hooks/use-page-title";

export function NotFoundPage() {
  usePageTitle("Page Not Found");
  return (
    <section className="flex flex-col items-center py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-3xl text-primary">
        <FlagIcon />
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-2 max-w-md text-base-content/70">
        This page is out of bounds. Check the address, or head back to the clubhouse.
      </p>
      <Link to="/" className="btn btn-primary mt-6">
        Go to Dashboard
      </Link>
    </section>
  );
}
