import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { challengePageId } from "../../shared/domain/page-data";
import { startChallengeLoad } from "../features/challenges/public";
import { type FirstPaintData, renderFirstPaintFor } from "../lib/first-paint";
import { App } from "./app";
import { forgetAppClients } from "./providers";
import { preloadFirstScreen } from "./router";

// A page's first screen rendered to HTML outside the browser (ADR 0054, 0055): by the build for the
// sign-in page, and per request by the server's first-screen worker for a signed-in golfer. The
// markup is what the browser's first render makes of the same page before any data has come (the
// page's loading state with the golfer's own name and menus; a challenge's page with the challenge
// its HTML carries), so the browser paints it before any script, and main.tsx then hydrates it (the
// sign-in page) or renders the same page over it. The caller stands in for the browser's globals
// (location above all) first.

/** How many renders a first screen gets before it goes out plain: each loads what the last suspended on. */
const ATTEMPTS = 3;

/**
 * The markup of #root for `location`'s page as the HTML's first-paint `data` describes it (who is
 * signed in, null: nobody; a challenge's page may carry the challenge); null for a page without a
 * first screen.
 */
export async function renderFirstScreen(data: FirstPaintData): Promise<string | null> {
  const loading = preloadFirstScreen(window.location.pathname);
  if (!loading) return null;
  // The page's own chunk, in: it renders in this pass instead of through a Suspense fallback.
  await loading;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const markup = await renderOnce(data);
    // A part that suspended (a lazy component's chunk) comes outlined, revealed by inline scripts the
    // CSP refuses; its chunk is in now, so the next render has it in place.
    if (!markup.includes("<script")) return markup;
  }
  throw new Error(`${window.location.pathname}: the first screen still suspends after ${ATTEMPTS} renders`);
}

async function renderOnce(data: FirstPaintData): Promise<string> {
  renderFirstPaintFor(data);
  // The challenge the HTML carries goes into the query cache as in the browser (main.tsx). Only that
  // one: without it the browser asks for the challenge, which a render cannot.
  const challengeId = challengePageId(window.location.pathname);
  if (challengeId !== null && data.challenge?.id === challengeId) startChallengeLoad(challengeId);
  forgetAppClients();
  try {
    const errors: unknown[] = [];
    const { prelude } = await prerender(
      <StrictMode>
        <App />
      </StrictMode>,
      // Every boundary inline, however large: React outlines a big one (over 12.8 KB by default)
      // behind its fallback, to be revealed by an inline script the CSP refuses.
      { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const markup = await new Response(prelude).text();
    // A part that failed here would come as a boundary left to the browser: the page goes out plain
    // instead, and the reason to the server's log.
    if (errors.length > 0) throw errors[0];
    return markup;
  } finally {
    forgetAppClients();
  }
}
