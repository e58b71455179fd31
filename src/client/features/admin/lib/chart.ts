// Geometry for the admin charts, kept pure so the scaling rules are unit-tested and the SVG
// components only draw.

/** A round axis maximum at or above `max` (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x 10^n), so gridlines land on readable numbers. */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    const candidate = step * magnitude;
    if (candidate >= max) return Number.isInteger(candidate) ? candidate : Math.ceil(candidate);
  }
  return 10 * magnitude;
}

/**
 * Evenly spaced gridline values from 0 to `axisMax` in whole steps (counts never have fractions),
 * at most `maxIntervals` of them.
 */
export function axisTicks(axisMax: number, maxIntervals = 5): number[] {
  if (axisMax <= 0) return [0];
  let step = axisMax;
  for (let magnitude = 1; magnitude <= axisMax; magnitude *= 10) {
    const fit = [1, 2, 5].map((m) => m * magnitude).find((s) => axisMax % s === 0 && axisMax / s <= maxIntervals);
    if (fit !== undefined) {
      step = fit;
      break;
    }
  }
  return Array.from({ length: Math.round(axisMax / step) + 1 }, (_, i) => i * step);
}

export type Bar = { x: number; y: number; width: number; height: number };

/**
 * Bars for `values` in a `width` x `height` box scaled to `axisMax`; `gapRatio` of each slot is
 * left empty. A non-zero value always gets at least a sliver so it never looks like zero.
 */
export function layoutBars(
  values: readonly number[],
  width: number,
  height: number,
  axisMax: number,
  gapRatio = 0.25,
): Bar[] {
  if (values.length === 0) return [];
  const slot = width / values.length;
  const barWidth = slot * (1 - gapRatio);
  return values.map((value, i) => {
    const scaled = axisMax > 0 ? (Math.max(0, value) / axisMax) * height : 0;
    const barHeight = value > 0 ? Math.max(scaled, 1.5) : 0;
    return { x: i * slot + (slot - barWidth) / 2, y: height - barHeight, width: barWidth, height: barHeight };
  });
}

/** Indices worth a label on a crowded x axis: first, last and evenly spaced ones between. */
export function labelIndices(length: number, maxLabels = 4): number[] {
  if (length <= 0) return [];
  if (length <= maxLabels) return Array.from({ length }, (_, i) => i);
  const picks = new Set<number>();
  for (let k = 0; k < maxLabels; k++) picks.add(Math.round((k * (length - 1)) / (maxLabels - 1)));
  return [...picks].sort((a, b) => a - b);
}

export const HEAT_LEVELS = 5;

/**
 * 0 for nothing; otherwise 1..HEAT_LEVELS-1 spread over the range of the non-zero values, so holes
 * with 12 and 18 records look different even though neither is near zero. The busiest value is
 * always the top level; when every non-zero value is equal they all are.
 */
export function heatLevel(value: number, values: readonly number[], levels = HEAT_LEVELS): number {
  if (value <= 0) return 0;
  const nonZero = values.filter((v) => v > 0);
  const max = Math.max(value, ...nonZero);
  const min = Math.min(value, ...nonZero);
  if (max === min) return levels - 1;
  return 1 + Math.round(((value - min) / (max - min)) * (levels - 2));
}
