import { lazy, Suspense } from "react";
import { SkipLink } from "../../components/ui/skip-link";
import type { SessionUser } from "../../lib/session";
import { EmailConfirmBanner } from "../../features/auth/public";
import { useRefusedRoundRestorer } from "../../features/birdies/public";
import { NotificationBell } from "../../features/notifications/public";
import { OfflineBanner, OfflineData, OfflineSync, PendingSyncPanel } from "../../features/offline/public";
import { UpdatePrompt } from "../../features/pwa/public";
import { AvatarMenu } from "./avatar-menu";
import { BottomBar } from "./bottom-bar";
import { PageOutlet } from "./page-outlet";
import { SiteHeader } from "./site-header";
import { TopNav } from "./top-nav";
import { useStickyChrome } from "./use-sticky-chrome";

// The ad popup opens 10 s after load at the earliest (and never in ad-free mode, the default):
// the ads code loads after the first render instead of with it.
const AdPopup = lazy(() => import("../../features/ads/public").then((ads) => ({ default: ads.AdPopup })));

/** The signed-in shell (docs/product/routes-and-screens.md#signed-in-layout). */
export function AppLayout({ user }: { user: SessionUser }) {
  useStickyChrome();
  const restoreRefusedRound = useRefusedRoundRestorer();
  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      <SkipLink />
      <SiteHeader
        actions={
          <>
            <NotificationBell userId={user.id} />
            <AvatarMenu user={user} />
          </>
        }
      >
        <TopNav />
      </SiteHeader>
      <main
        id="main"
        className="mx-auto w-full max-w-6xl flex-1 px-4 pb-[calc(var(--sticky-bottom,0px)+1.5rem)] pt-6 sm:px-6 md:pb-12 md:pt-8"
      >
        <OfflineBanner />
        <PendingSyncPanel />
        <EmailConfirmBanner />
        <PageOutlet />
      </main>
      <BottomBar />
      <OfflineSync userId={user.id} restoreRefused={restoreRefusedRound} />
      <OfflineData userId={user.id} />
      <UpdatePrompt />
      <Suspense fallback={null}>
        <AdPopup />
      </Suspense>
    </div>
  );
}
