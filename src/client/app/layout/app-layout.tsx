import { lazy, Suspense } from "react";
import { SkipLink } from "../../components/ui/skip-link";
import type { SessionUser } from "../../lib/session";
import { EmailConfirmBanner } from "../../features/auth/public";
import { useRefusedRoundRestorer } from "../../features/birdies/public";
import { NotificationBell } from "../../features/notifications/public";
import { OfflineBanner, OfflineData } from "../../features/offline/public";
import { AvatarMenu } from "./avatar-menu";
import { BottomBar } from "./bottom-bar";
import { PageOutlet } from "./page-outlet";
import { SiteHeader } from "./site-header";
import { TopNav } from "./top-nav";
import { useStickyChrome } from "./use-sticky-chrome";

// The ad popup opens 10 s after load at the earliest (and never in ad-free mode, the default):
// the ads code loads after the first render instead of with it.
const AdPopup = lazy(() => import("../../features/ads/public").then((ads) => ({ default: ads.AdPopup })));
// Neither shows anything on a first screen (waiting rounds and a new version are rare): their code
// (the outbox, the update prompt) arrives after it (issue 19, initial JS).
const OfflineSync = lazy(() =>
  import("../../features/offline/components/offline-sync").then((m) => ({ default: m.OfflineSync })),
);
const PendingSyncPanel = lazy(() =>
  import("../../features/offline/components/pending-sync-panel").then((m) => ({ default: m.PendingSyncPanel })),
);
const UpdatePrompt = lazy(() =>
  import("../../features/pwa/components/update-prompt").then((m) => ({ default: m.UpdatePrompt })),
);

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
        <Suspense fallback={null}>
          <PendingSyncPanel />
        </Suspense>
        <EmailConfirmBanner />
        <PageOutlet />
      </main>
      <BottomBar />
      <OfflineData userId={user.id} />
      <Suspense fallback={null}>
        <OfflineSync userId={user.id} restoreRefused={restoreRefusedRound} />
        <UpdatePrompt />
        <AdPopup />
      </Suspense>
    </div>
  );
}
