import { dismissUpdate, reloadToUpdate, useServiceWorkerUpdate } from "../lib/service-worker";

/** 'New version available' with Reload / Later; Later keeps the current version until the next visit. */
export function UpdatePrompt() {
  const { needRefresh } = useServiceWorkerUpdate();
  if (!needRefresh) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-3 bottom-20 z-[1000] mx-auto flex max-w-sm flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-xl md:bottom-6 md:left-6 md:right-auto md:mx-0"
    >
      <p className="min-w-0 flex-1 text-sm">
        <span className="block font-semibold">New version available</span>
        <span className="text-base-content/70">Reload to get the latest Birdie Challenge.</span>
      </p>
      <div className="flex gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={dismissUpdate}>
          Later
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={reloadToUpdate}>
          Reload
        </button>
      </div>
    </div>
  );
}
