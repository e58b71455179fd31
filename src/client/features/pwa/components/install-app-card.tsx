import { Link } from "../../../lib/router";
import { DownloadIcon } from "../../../components/ui/icons";
import { useInstallPrompt } from "../hooks/use-install-prompt";

/**
 * Dashboard 'Install App' card (docs/product/routes-and-screens.md#dashboard): rendered only when
 * the install prompt is available and the app is not standalone.
 */
export function InstallAppCard() {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <section aria-labelledby="install-app-title" className="card border border-primary/30 bg-primary/5">
      <div className="card-body flex-col gap-4 p-5 sm:flex-row sm:items-center">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/15 text-2xl text-primary">
          <DownloadIcon />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="install-app-title" className="font-semibold">
            Install App
          </h2>
          <p className="text-sm text-base-content/70">
            Add Birdie Challenge to your home screen for quick access on the course, even with a weak signal.
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Link to="/pwa-info" className="btn btn-ghost btn-sm">
            How it works
          </Link>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void install()}>
            Install
          </button>
        </div>
      </div>
    </section>
  );
}
