import { promptInstall, useInstallPromptState } from "../lib/install-prompt";

/** SPEC §2: the Install App offer exists only while the browser offers an install and the app is not already standalone. */
export function useInstallPrompt() {
  const { deferred, standalone } = useInstallPromptState();
  return {
    canInstall: deferred !== null && !standalone,
    isStandalone: standalone,
    install: promptInstall,
  };
}
