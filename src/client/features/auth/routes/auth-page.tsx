import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "../../../lib/router";
import { Logo } from "../../../components/ui/logo";
import { SkipLink } from "../../../components/ui/skip-link";
import { type TabItem, TabList, TabPanels } from "../../../components/ui/tabs";
import { takePendingInvite } from "../../../lib/pending-invite";
import { dismissToasts } from "../../../lib/toast";
import { ThemeToggle } from "../../../app/layout/theme-toggle";
import { LoginForm } from "../components/login-form";
import { MarketingPanel } from "../components/marketing-panel";
import { RecoveryDialog } from "../components/recovery-dialog";
import { RegisterForm } from "../components/register-form";
import { useAuth } from "../hooks/use-auth";
import { safeRedirectTarget } from "../lib/safe-redirect";
import { usePageTitle } from "../../../hooks/use-page-title";

// The signed-in visitor moves on after about 100 ms, which lets the success toast land first
// (docs/product/routes-and-screens.md#sign-in).
const REDIRECT_DELAY_MS = 100;

type Tab = "login" | "register";

const TABS: TabItem<Tab>[] = [
  { id: "login", label: "Login" },
  { id: "register", label: "Register" },
];

export function AuthPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>(searchParams.get("tab") === "register" ? "register" : "login");
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const redirect = searchParams.get("redirect");
  usePageTitle(tab === "login" ? "Log In" : "Register");

  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => {
      const inviteCode = takePendingInvite();
      if (inviteCode) void navigate(`/join-challenge/${encodeURIComponent(inviteCode)}`, { replace: true });
      // An admin's sign-in lands on /admin unless it was on its way somewhere (ADR 0030).
      else if (user.isAdmin && !redirect) void navigate("/admin", { replace: true });
      else void navigate(safeRedirectTarget(redirect), { replace: true });
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, redirect, navigate]);

  return (
    <div className="min-h-dvh bg-base-200">
      <SkipLink />
      <header className="@container mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-4 sm:px-6">
        <Logo className="text-lg" />
        <ThemeToggle />
      </header>
      <main
        id="main"
        className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pb-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start lg:gap-10 lg:pt-6"
      >
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
            <TabList
              idPrefix="auth"
              label="Log in or register"
              tabs={TABS}
              selected={tab}
              onSelect={(next) => {
                // "Login failed" does not belong on the Register tab.
                dismissToasts();
                setTab(next);
              }}
              className="tabs tabs-box grid grid-cols-2"
            />
            <TabPanels idPrefix="auth" tabs={TABS} selected={tab}>
              {tab === "login" ? <LoginForm onForgot={() => setRecoveryOpen(true)} /> : <RegisterForm />}
            </TabPanels>
          </div>
        </div>
        <MarketingPanel />
      </main>
      <RecoveryDialog open={recoveryOpen} onClose={() => setRecoveryOpen(false)} />
    </div>
  );
}
