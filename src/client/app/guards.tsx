import { Navigate, useLocation, useParams } from "../lib/router";
import { PageSpinner } from "../components/ui/page-spinner";
import { useCurrentUser } from "../hooks/use-current-user";
import { authRedirectUrl } from "../features/auth/public";
import { lazy, Suspense } from "react";
import { AppLayout } from "./layout/app-layout";
import { PublicLayout } from "./layout/public-layout";

// The admin shell is its own chunk: golfers (every first screen) never load it.
const AdminLayout = lazy(() => import("./layout/admin-layout").then((m) => ({ default: m.AdminLayout })));

/** Signed-in pages: a signed-out visitor goes to /auth with the page to come back to. */
export function SignedInArea() {
  const { user, isLoading, signedOutOnPurpose } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner fullScreen />;
  if (!user)
    return (
      <Navigate to={signedOutOnPurpose ? "/auth" : authRedirectUrl(location.pathname + location.search)} replace />
    );
  return <AppLayout user={user} />;
}

/** Pages open to everyone: inside the app shell when signed in, a light shell otherwise. */
export function OpenArea() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner fullScreen />;
  return user ? <AppLayout user={user} /> : <PublicLayout />;
}

/** Admin pages: signed-out visitors go to the admin sign-in; non-admins go home. */
export function AdminArea() {
  const { user, isLoading, signedOutOnPurpose } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner fullScreen />;
  if (!user) {
    return (
      <Navigate
        to={signedOutOnPurpose ? "/auth" : authRedirectUrl(location.pathname + location.search, "/admin/login")}
        replace
      />
    );
  }
  if (!user.isAdmin) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<PageSpinner fullScreen />}>
      <AdminLayout user={user} />
    </Suspense>
  );
}

/** Old links to the multi-birdie page land on the record page, keeping the challenge and query. */
export function RecordMultipleRedirect() {
  const { challengeId } = useParams();
  const { search } = useLocation();
  const path = challengeId ? `/record-birdies/${encodeURIComponent(challengeId)}` : "/record-birdies";
  return <Navigate to={path + search} replace />;
}
