import { lazy, Suspense, useEffect, useRef } from "react";
import { setToastRaiser } from "../../lib/toast";

// sonner (about 10 KB gzipped) loads right after the first render: no first screen shows a toast,
// and toasts raised before it is ready wait in lib/toast.ts.
const SonnerToaster = lazy(() => import("./sonner-toaster"));

/**
 * The toasts' layer: a manual popover, so toasts live in the browser's top layer like the
 * dialogs. Each toast shown raises it to the top (a toast from inside a dialog shows above it), and
 * each dialog that opens raises it again while it is open (a toast on screen stays above the dialog).
 */
export function Toaster() {
  const layerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const layer = layerRef.current;
    // Without the Popover API the layer simply stays in the page.
    if (!layer || typeof layer.showPopover !== "function") return;
    // The layer opens with the first toast, not on mount: opening a popover makes the browser
    // recompute the page's style at once, inside the first render's effects (~15 ms of a phone's
    // main thread before anything is shown).
    const raise = (openIfClosed: boolean) => {
      const open = layer.matches(":popover-open");
      if (!open && !openIfClosed) return;
      if (open) layer.hidePopover();
      layer.showPopover();
    };
    setToastRaiser(raise);
    return () => {
      setToastRaiser(null);
      if (layer.matches(":popover-open")) layer.hidePopover();
    };
  }, []);

  return (
    <div ref={layerRef} popover="manual" className="m-0 size-0 overflow-visible border-0 bg-transparent p-0">
      <Suspense fallback={null}>
        <SonnerToaster />
      </Suspense>
    </div>
  );
}
