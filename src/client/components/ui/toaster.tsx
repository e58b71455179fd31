import { lazy, Suspense, useEffect, useRef } from "react";
import { setToastRaiser } from "../../lib/toast";

// sonner (about 10 KB gzipped) loads right after the first render: no first screen shows a toast,
// and toasts raised before it is ready wait in lib/toast.ts.
const SonnerToaster = lazy(() => import("./sonner-toaster"));

/**
 * The toasts' layer: a manual popover, so toasts live in the browser's top layer like the
 * dialogs, and each dialog that opens raises it again (a toast from inside a dialog shows above it).
 */
export function Toaster() {
  const layerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const layer = layerRef.current;
    // Without the Popover API the layer simply stays in the page.
    if (!layer || typeof layer.showPopover !== "function") return;
    const raise = () => {
      if (layer.matches(":popover-open")) layer.hidePopover();
      layer.showPopover();
    };
    raise();
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
