// Types for vite-plugin-pwa's virtual registration module (imported by features/pwa/lib/service-worker.ts).
/// <reference types="vite-plugin-pwa/vanillajs" />
