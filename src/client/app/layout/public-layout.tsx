import { Link, useLocation } from "../../lib/router";
import { SkipLink } from "../../components/ui/skip-link";
import { authRedirectUrl } from "../../features/auth/public";
import { PageOutlet } from "./page-outlet";
import { SiteHeader } from "./site-header";
import { useStickyChrome } from "./use-sticky-chrome";

/** The shell of pages a signed-out visitor may see (invites, share previews, install help). */
export function PublicLayout() {
  const location = useLocation();
  useStickyChrome();
  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      <SkipLink />
      <SiteHeader
        homeTo="/auth"
        actions={
          <Link to={authRedirectUrl(location.pathname + location.search)} className="btn btn-primary btn-sm">
            Log in
          </Link>
        }
      />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 md:py-8">
        <PageOutlet />
      </main>
    </div>
  );
}
