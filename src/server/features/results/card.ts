import type satoriType from "satori";
import type { ChallengeResults } from "../../../shared/schemas/results";

// The results share card (ADR 0042): a 1200 x 630 PNG (the size social apps preview) drawn on the
// server. satori lays out the card and turns its text into vector paths with the Inter font
// (@fontsource/inter's WOFF files; satori reads WOFF, resvg does not need the font afterwards),
// and resvg (WebAssembly, no native binary, runs under Bun anywhere) rasterises the SVG.

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

type Font = { name: string; data: ArrayBuffer; weight: 400 | 700; style: "normal" };
type Renderer = { satori: typeof satoriType; Resvg: typeof import("@resvg/resvg-wasm").Resvg; fonts: Font[] };

let ready: Promise<Renderer> | undefined;

/**
 * Loads the renderer and the fonts once per process, on the first card asked for: satori alone
 * holds ~30 MB once imported, too much for every idle server to carry for a rarely used picture.
 */
function prepare(): Promise<Renderer> {
  ready ??= (async () => {
    const [{ default: satori }, { initWasm, Resvg }] = await Promise.all([
      import("satori"),
      import("@resvg/resvg-wasm"),
    ]);
    const file = (specifier: string) => Bun.file(new URL(import.meta.resolve(specifier))).arrayBuffer();
    await initWasm(file("@resvg/resvg-wasm/index_bg.wasm"));
    const fonts: Font[] = [];
    for (const weight of [400, 700] as const) {
      for (const subset of ["latin", "latin-ext"]) {
        fonts.push({
          name: "Inter",
          data: await file(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
          weight,
          style: "normal",
        });
      }
    }
    return { satori, Resvg, fonts };
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

const PAD_X = 64;
const PAD_Y = 44;
const MEDALS = ["#facc15", "#cbd5e1", "#d97706"];
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function podium(results: ChallengeResults): Node[] {
  return results.standings.slice(0, 3).map((s) =>
    el(
      "div",
      {
        display: "flex",
        alignItems: "center",
        gap: 24,
        // satori sizes the content box: the padding comes on top.
        width: CARD_WIDTH - 2 * PAD_X - 48,
        padding: "10px 24px",
        borderRadius: 20,
        background: "rgba(255,255,255,0.12)",
      },
      [
        el(
          "div",
          {
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            width: 64,
            height: 64,
            borderRadius: 32,
            background: MEDALS[s.rank - 1] ?? "#94a3b8",
            color: "#052e16",
            fontSize: 34,
            fontWeight: 700,
          },
          String(s.rank),
        ),
        el("div", { display: "flex", flexGrow: 1, fontSize: 38, fontWeight: 700 }, clip(s.displayName, 28)),
        el(
          "div",
          { display: "flex", fontSize: 34, flexShrink: 0 },
          `${s.points} ${s.points === 1 ? "point" : "points"}`,
        ),
      ],
    ),
  );
}

/** The card as PNG bytes. */
export async function renderResultsCard(results: ChallengeResults): Promise<Uint8Array<ArrayBuffer>> {
  const { satori, Resvg, fonts } = await prepare();
  const headline = results.winners.length
    ? `${results.winners.length > 1 ? "Winners" : "Winner"}: ${clip(results.winners.map((w) => w.displayName).join(" & "), 48)}`
    : "No winner";
  const card = el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      width: CARD_WIDTH - 2 * PAD_X,
      height: CARD_HEIGHT - 2 * PAD_Y,
      padding: `${PAD_Y}px ${PAD_X}px`,
      gap: 14,
      background: "linear-gradient(135deg, #14532d 0%, #166534 60%, #15803d 100%)",
      color: "#ffffff",
      fontFamily: "Inter",
    },
    [
      el("div", { display: "flex", fontSize: 28, opacity: 0.85 }, "Birdie Challenge · Final results"),
      el("div", { display: "flex", fontSize: 56, fontWeight: 700 }, clip(results.challengeName, 36)),
      el("div", { display: "flex", fontSize: 40, fontWeight: 700, color: "#fde68a" }, headline),
      el("div", { display: "flex", flexDirection: "column", gap: 10, marginTop: 4 }, podium(results)),
      el("div", { display: "flex", fontSize: 24, opacity: 0.9, marginTop: "auto" }, results.decidedByText),
    ],
  );
  // satori's types want React elements; a plain { type, props } tree is what it reads.
  const svg = await satori(card as unknown as Parameters<typeof satoriType>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts,
  });
  return new Uint8Array(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
}
