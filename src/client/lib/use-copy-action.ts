import { useEffect, useRef, useState } from "react";
import { copyText } from "./clipboard";
import { toast } from "./toast";

// A copy button shows its copied state for 2 s
// (docs/product/texts-and-messages.md#layout-and-common).
export const COPIED_STATE_MS = 2000;

export const COPY_FAILED = { title: "Copy Failed", description: "Failed to copy" };

/**
 * Copies text with the product's toasts (docs/product/texts-and-messages.md#layout-and-common) and a short-lived "copied" flag for the button; `failed` stays
 * set until the next try, so the page can write the failure next to the button too.
 */
export function useCopyAction(successTitle: string, successDescription?: string) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(text: string) {
    setFailed(false);
    if (await copyText(text)) {
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_STATE_MS);
      toast({ title: successTitle, description: successDescription });
    } else {
      setFailed(true);
      toast({ ...COPY_FAILED, variant: "destructive" });
    }
  }

  return { copied, failed, copy };
}
