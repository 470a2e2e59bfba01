import { useId } from 'react';

/** One bar: a signed value, its label and how the value is written. */
export interface BarChartItem {
  key: string;
  label: string;
  /** A second, quieter line of the label (e.g. the location). */
  sublabel?: string;
  value: number;
  /** The value as written beside the bar (formatted by the caller: money, quantity...). */
  display: string;
}

const WIDTH = 900;
const ROW = 34;
const LABEL = 260;
const VALUE = 96;
const PAD = 8;

/**
 * A horizontal bar chart of signed values, drawn as SVG (no chart library: nothing loads at runtime): bars grow right
 * from a zero line for positive values (`positiveClass`) and left for negative ones (`negativeClass`), each labelled
 * and with its value written beside it. Accessible: the SVG is an image named by `title` and described by every
 * bar's label and value (also each bar's tooltip); the caller gives a legend if the colours mean something.
 */
export function BarChart({
  title,
  items,
  emptyText,
  positiveClass = 'fill-red-500',
  negativeClass = 'fill-blue-500',
  'data-testid': testId,
}: {
  title: string;
  items: BarChartItem[];
  emptyText: string;
  positiveClass?: string;
  negativeClass?: string;
  'data-testid'?: string;
}) {
  const titleId = useId();
  const descriptionId = useId();
  if (items.length === 0) {
    return (
      <p className="py-8 text-center text-sm text-slate-500" data-testid={testId ? `${testId}-empty` : undefined}>
        {emptyText}
      </p>
    );
  }
  const max = Math.max(...items.map((item) => Math.abs(item.value)), 0);
  const hasNegative = items.some((item) => item.value < 0);
  const hasPositive = items.some((item) => item.value > 0);
  const plot = WIDTH - LABEL - PAD * 2;
  // Room for the value text on the side(s) bars grow to; the zero line splits the rest by what is there.
  const left = hasNegative ? (hasPositive ? (plot - 2 * VALUE) / 2 + VALUE : plot - VALUE) : 0;
  const span = hasNegative && hasPositive ? (plot - 2 * VALUE) / 2 : plot - VALUE;
  const zero = LABEL + PAD + left;
  const height = items.length * ROW + PAD * 2;
  const scale = (value: number) => (max === 0 ? 0 : (Math.abs(value) / max) * span);
  const description = items.map((item) => `${item.label}${item.sublabel ? ` ${item.sublabel}` : ''}: ${item.display}`);

  return (
    <figure className="m-0" data-testid={testId}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
      >
        <title id={titleId}>{title}</title>
        <desc id={descriptionId}>{description.join('; ')}</desc>
        <line x1={zero} x2={zero} y1={PAD / 2} y2={height - PAD / 2} className="stroke-slate-300" strokeWidth={1} />
        {items.map((item, index) => {
          const y = PAD + index * ROW;
          const width = Math.max(scale(item.value), item.value === 0 ? 0 : 1);
          const negative = item.value < 0;
          const x = negative ? zero - width : zero;
          const textX = negative ? x - 6 : zero + width + 6;
          return (
            <g key={item.key} data-testid={testId ? `${testId}-bar` : undefined}>
              <title>{description[index]}</title>
              <text x={LABEL} y={y + (item.sublabel ? 13 : 20)} textAnchor="end" className="fill-slate-800 text-[12px]">
                {truncate(item.label, 30)}
              </text>
              {item.sublabel && (
                <text x={LABEL} y={y + 27} textAnchor="end" className="fill-slate-500 text-[10px]">
                  {truncate(item.sublabel, 34)}
                </text>
              )}
              <rect
                x={x}
                y={y + 7}
                width={width}
                height={ROW - 14}
                rx={2}
                className={negative ? negativeClass : positiveClass}
              />
              <text
                x={textX}
                y={y + 21}
                textAnchor={negative ? 'end' : 'start'}
                className="fill-slate-700 text-[11px] tabular-nums"
              >
                {item.display}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
