import { useId } from "react";
import { axisTicks, labelIndices, layoutBars, niceMax } from "../lib/chart";
import { formatCount } from "../lib/format";

export type BarDatum = { key: string; label: string; value: number };

type BarChartProps = {
  /** The chart's accessible name (its <title>). */
  title: string;
  data: readonly BarDatum[];
  /** "3 sign-ups": how one value reads in tooltips, the summary and the data table. */
  describeValue: (value: number) => string;
  /** A daisyUI fill colour class, so the bars follow the light or dark theme. */
  barClassName?: string;
  /** Column heading of the label in the data table. */
  labelHeading?: string;
  maxLabels?: number;
};

const W = 600;
const H = 180;

/**
 * A bar chart in plain SVG. The plot is stretched to the container's width; text (axis labels) is
 * HTML laid over it, so it never stretches. Colours come from the theme (fill-primary,
 * currentColor), so it reads in light and dark. Screen readers get a title and a summary, and
 * everyone can open the numbers as a table.
 */
export function BarChart({
  title,
  data,
  describeValue,
  barClassName = "fill-primary",
  labelHeading = "Day",
  maxLabels = 4,
}: BarChartProps) {
  const titleId = useId();
  const descId = useId();
  const values = data.map((d) => d.value);
  const max = Math.max(0, ...values);
  const axisMax = niceMax(max);
  const ticks = axisTicks(axisMax);
  // Each bar keeps its data point, so rendering never indexes one array by another's position.
  const bars = layoutBars(values, W, H, axisMax, data.length > 20 ? 0.2 : 0.3).flatMap((bar, i) => {
    const point = data[i];
    return point ? [{ ...bar, point }] : [];
  });
  const total = values.reduce((a, b) => a + b, 0);
  const peak = data.find((d) => d.value === max);
  const summary =
    total === 0
      ? `${describeValue(0)} in this period.`
      : `${describeValue(total)} in total; the most, ${describeValue(max)}, on ${peak?.label}.`;

  return (
    <div className="space-y-2">
      <div className="pl-9 pt-2">
        <div className="relative">
          {/* y axis labels, centred on their gridlines */}
          <div
            className="absolute inset-y-0 -left-9 w-7 text-right text-[0.7rem] text-base-content/60"
            aria-hidden="true"
          >
            {ticks.map((t) => (
              <span
                key={t}
                className="absolute right-0 translate-y-1/2 leading-none"
                style={{ bottom: `${(t / axisMax) * 100}%` }}
              >
                {formatCount(t)}
              </span>
            ))}
          </div>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="block h-44 w-full overflow-visible text-base-content"
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
          >
            <title id={titleId}>{title}</title>
            <desc id={descId}>{summary}</desc>
            {ticks.map((t) => (
              <line
                key={t}
                x1={0}
                x2={W}
                y1={H - (t / axisMax) * H}
                y2={H - (t / axisMax) * H}
                stroke="currentColor"
                strokeOpacity={t === 0 ? 0.35 : 0.1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {bars.map((bar) => (
              <rect
                key={bar.point.key}
                x={bar.x}
                y={bar.y}
                width={bar.width}
                height={bar.height}
                className={`${barClassName} transition-opacity hover:opacity-75`}
              >
                <title>{`${bar.point.label}: ${describeValue(bar.point.value)}`}</title>
              </rect>
            ))}
          </svg>
        </div>
        {/* x axis labels: the first and last align with the plot's edges so they never overflow it */}
        <div className="relative mt-1.5 h-4 text-[0.7rem] text-base-content/60" aria-hidden="true">
          {labelIndices(data.length, maxLabels).map((i) => {
            const bar = bars[i];
            if (!bar) return null;
            const first = i === 0;
            const last = i === data.length - 1 && !first;
            const center = ((bar.x + bar.width / 2) / W) * 100;
            return (
              <span
                key={bar.point.key}
                className={`absolute whitespace-nowrap ${first ? "" : last ? "-translate-x-full" : "-translate-x-1/2"}`}
                style={first ? { left: 0 } : last ? { left: "100%" } : { left: `${center}%` }}
              >
                {bar.point.label}
              </span>
            );
          })}
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer select-none py-3 text-base-content/70 hover:text-base-content">
          View as table
        </summary>
        <div className="mt-2 max-h-64 overflow-auto rounded-box border border-base-300">
          <table className="table table-xs">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeading}</th>
                <th scope="col" className="text-right">
                  Count
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.key}>
                  <td>{d.label}</td>
                  <td className="text-right tabular-nums">{formatCount(d.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
