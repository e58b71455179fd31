import { useEffect, useState } from "react";

// The invite link as a QR code, for friends standing next to you at the first tee
// (docs/product/routes-and-screens.md#challenge-detail). The `qrcode` library (ADR 0031) is loaded
// only when a code is shown, so it stays out of the first load's bundle budget.

type QrState = { kind: "loading" } | { kind: "ready"; src: string } | { kind: "failed" };

export function InviteQr({ link }: { link: string }) {
  const [state, setState] = useState<QrState>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    setState({ kind: "loading" });
    import("qrcode")
      .then((mod) => {
        // A CommonJS package: the bundler may hand its exports over as `default`.
        const lib = mod.default ?? mod;
        return lib.toDataURL(link, { margin: 1, width: 240, errorCorrectionLevel: "M" });
      })
      .then(
        (src) => live && setState({ kind: "ready", src }),
        () => live && setState({ kind: "failed" }),
      );
    return () => {
      live = false;
    };
  }, [link]);

  if (state.kind === "failed") return <p className="text-sm text-error">Could not draw the QR code.</p>;
  return (
    <figure className="flex flex-col items-center gap-2">
      {state.kind === "ready" ? (
        <img
          src={state.src}
          alt="QR code of the invite link"
          width={200}
          height={200}
          className="rounded-box border border-base-300 bg-white p-2"
          data-testid="invite-qr"
        />
      ) : (
        <span className="skeleton size-[200px]" aria-hidden="true" />
      )}
      <figcaption className="text-center text-xs text-base-content/70">Scan to open the invite link</figcaption>
    </figure>
  );
}
