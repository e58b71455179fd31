import { Link, Navigate, useSearchParams } from "react-router";
import { ShieldIcon } from "../../../components/ui/icons";
import { useAuth } from "../../auth/hooks/use-auth";
import { authRedirectUrl, safeRedirectTarget } from "../../auth/lib/safe-redirect";

export function AdminLoginPage() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get("redirect"));
  const adminTarget = target.startsWith("/admin") ? target : "/admin";
  if (user?.isAdmin) return <Navigate to={adminTarget} replace />;

  return (
    <section className="mx-auto max-w-md">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body items-center gap-4 text-center">
          <span className="text-4xl text-primary">
            <ShieldIcon />
          </span>
          <h1 className="text-2xl font-bold">Admin Sign In</h1>
          {user ? (
            <p role="alert" className="text-base-content/70">
              This account does not have admin access.
            </p>
          ) : (
            <>
              <p className="text-base-content/70">Log in with an admin account to manage Birdie Challenge.</p>
              <Link to={authRedirectUrl(adminTarget)} className="btn btn-primary w-full">
                Log in
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
