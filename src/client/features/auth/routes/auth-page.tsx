import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Logo } from "../../../components/ui/logo";
import { takePendingInvite } from "../../../lib/pending-invite";
import { ThemeToggle } from "../../../app/layout/theme-toggle";
import { LoginForm } from "../components/login-form";
import { MarketingPanel } from "../components/marketing-panel";
import { RecoveryDialog } from "../components/recovery-dialog";
import { RegisterForm } from "../components/register-form";
import { useAuth } from "../hooks/use-auth";
import { safeRedirectTarget } from "../lib/safe-redirect";

// The signed-in visitor moves on after about 100 ms, which lets the success toast land first
// (docs/product/routes-and-screens.md#sign-in).
const REDIRECT_DELAY_MS = 100;

type Tab = "login" | "register";

export function AuthPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>(searchParams.get("tab") === "register" ? "register" : "login");
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const redirect = searchParams.get("redirect");

  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => {
      const inviteCode = takePendingInvite();
      if (inviteCode) void navigate(`/join-challenge/${encodeURIComponent(inviteCode)}`, { replace: true });
      else void navigate(safeRedirectTarget(redirect), { replace: true });
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, redirect, navigate]);

  return (
    <div className="min-h-dvh bg-base-200">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <Logo className="text-lg" />
        <ThemeToggle />
      </header>
      <main className="mx-auto grid max-w-6xl gap-6 px-4 pb-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start lg:gap-10 lg:pt-6">
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-5 p-5 sm:p-8">
            <div>
              <h1 className="text-2xl font-bold tracking-tight">
                {tab === "login" ? "Welcome back" : "Join Birdie Challenge"}
              </h1>
              <p className="mt-1 text-sm text-base-content/70">
                {tab === "login"
                  ? "Log in to keep chasing birdies on all 18 holes."
                  : "Create your free account and start your first challenge."}
              </p>
            </div>
            <div role="tablist" aria-label="Log in or register" className="tabs tabs-box grid grid-cols-2">
              <TabButton id="login" label="Login" current={tab} onSelect={setTab} />
              <TabButton id="register" label="Register" current={tab} onSelect={setTab} />
            </div>
            <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
              {tab === "login" ? <LoginForm onForgot={() => setRecoveryOpen(true)} /> : <RegisterForm />}
            </div>
          </div>
        </div>
        <MarketingPanel />
      </main>
      <RecoveryDialog open={recoveryOpen} onClose={() => setRecoveryOpen(false)} />
    </div>
  );
}

function TabButton({
  id,
  label,
  current,
  onSelect,
}: {
  id: Tab;
  label: string;
  current: Tab;
  onSelect: (tab: Tab) => void;
}) {
  const selected = id === current;
  return (
    <button
      type="button"
      role="tab"
      id={`auth-tab-${id}`}
      aria-selected={selected}
      aria-controls={selected ? `auth-panel-${id}` : undefined}
      tabIndex={selected ? 0 : -1}
      className={`tab ${selected ? "tab-active" : ""}`}
      onClick={() => onSelect(id)}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
          const next: Tab = id === "login" ? "register" : "login";
          onSelect(next);
          document.getElementById(`auth-tab-${next}`)?.focus();
        }
      }}
    >
      {label}
    </button>
  );
}
