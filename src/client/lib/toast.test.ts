import { afterEach, describe, expect, test } from "bun:test";
import { connectToasts, dismissToasts, type ShownToast, TOAST_DEFAULT_DURATION_MS, toast } from "./toast";

// The wrapper's own rules: defaults, order and dismissal across the moment sonner arrives. The
// driver here only records calls; the real one (sonner) is exercised by the e2e specs.
function recordingDriver() {
  const shown: ShownToast[] = [];
  const dismissed: (string | number)[] = [];
  return {
    shown,
    dismissed,
    driver: {
      show: (t: ShownToast) => shown.push(t),
      dismiss: (id: string | number) => dismissed.push(id),
    },
  };
}

afterEach(() => connectToasts(null));

describe("toast()", () => {
  test("fills in the variant and the 5 s duration, keeping an explicit one", () => {
    const r = recordingDriver();
    connectToasts(r.driver);
    toast({ title: "Saved offline" });
    toast({ title: "Could not sync a round", variant: "destructive", duration: Number.POSITIVE_INFINITY });
    expect(r.shown).toEqual([
      { title: "Saved offline", variant: "default", duration: TOAST_DEFAULT_DURATION_MS },
      { title: "Could not sync a round", variant: "destructive", duration: Number.POSITIVE_INFINITY },
    ]);
  });

  test("toasts raised before the toaster is ready show in order once it connects", () => {
    toast({ title: "first" });
    toast({ title: "second" });
    const r = recordingDriver();
    connectToasts(r.driver);
    expect(r.shown.map((t) => t.title)).toEqual(["first", "second"]);
  });

  test("a toast dismissed while waiting never shows; one dismissed after showing is taken away", () => {
    const early = toast({ title: "gone before it came" });
    early.dismiss();
    const r = recordingDriver();
    connectToasts(r.driver);
    expect(r.shown).toEqual([]);

    const later = toast({ title: "shown" });
    later.dismiss();
    expect(r.shown.map((t) => t.title)).toEqual(["shown"]);
    expect(r.dismissed).toEqual([1]);
  });
});

describe("dismissToasts()", () => {
  test("takes the newest toast away, but not one raised within the grace period", () => {
    const r = recordingDriver();
    connectToasts(r.driver);
    toast({ title: "Challenge Created!" });
    dismissToasts({ olderThanMs: 2000 });
    expect(r.dismissed).toEqual([]);
    dismissToasts({ olderThanMs: 2000, now: Date.now() + 2500 });
    expect(r.dismissed).toHaveLength(1);
    // Nothing left to dismiss: a second call does nothing.
    dismissToasts();
    expect(r.dismissed).toHaveLength(1);
  });
});
