import { promptInstall, useInstallPromptState } from "../lib/install-prompt";

/**
 * The Install App offer exists only while the browser offers an install and the app is not already
 * standalone (docs/product/routes-and-screens.md#dashboard).
 */
export function useInstallPrompt() {
  const { deferred, standalone } = useInstallPromptState();
  return {
    canInstall: deferred !== null && !standalone,
    isStandalone: standalone,
    install: promptInstall,
  };
}
