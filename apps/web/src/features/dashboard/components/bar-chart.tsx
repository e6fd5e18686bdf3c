/**
 * The dashboard's bar charts, drawn as plain SVG with visx's scales: little code to load and little work to
 * draw on a phone (the axes are drawn here: their labels are short and need no measuring). They are pictures
 * for the eye (`aria-hidden`): every chart has its table for a screen reader (`ChartTable`), and each bar
 * names its figure on hover (an SVG title).
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '@/lib/format';

export interface BarSeries {
  label: string;
  values: readonly number[];
  /** One colour for the series, or one per category. */
  color: string | readonly string[];
}

export interface BarChartProps {
  /** The category of each bar (group), in order. */
  categories: readonly string[];
  series: readonly BarSeries[];
  /** Height of the drawing, in px. */
  height: number;
  /** Bars run left to right, categories down the side. */
  horizontal?: boolean;
  /** Room for the labels at the side: the values' (upright) or the categories' (horizontal), in px. */
  sideWidth: number;
  /** The value axis's labels (whole numbers by default: the charts count). */
  formatValue?: (value: number) => string;
  /** Only whole numbers on the value axis. */
  counts?: boolean;
  /** A key of the series' colours under the chart (for more than one series). */
  legend?: boolean;
}

const MARGIN = { top: 8, right: 16, bottom: 24 };
const TICKS = 4;
/** Tick marks on the value axis, and the room between the axis and a label. */
const TICK_LENGTH = 6;
const LABEL_GAP = 4;

interface AxisProps {
  /** Where each label sits along the axis, from its start. */
  ticks: readonly { at: number; label: string }[];
  /** The axis's length. */
  length: number;
  /** `left` runs down the side (labels to its left); `bottom` runs along the foot (labels below). */
  side: 'left' | 'bottom';
  /** Moves the axis down by this much (a bottom axis sits under the bars). */
  top?: number;
  /** Draws a tick mark at each label. */
  marks: boolean;
  stroke: string;
  label: { fill: string; fontSize: number; fontFamily: string | undefined };
}

function Axis({ ticks, length, side, top = 0, marks, stroke, label }: AxisProps) {
  const left = side === 'left';
  const mark = marks ? TICK_LENGTH : 0;
  return (
    <g transform={`translate(0, ${top})`}>
      <line x1={0} y1={0} x2={left ? 0 : length} y2={left ? length : 0} stroke={stroke} />
      {ticks.map(({ at, label: text }) => (
        <g key={`${at}-${text}`} transform={left ? `translate(0, ${at})` : `translate(${at}, 0)`}>
          {marks ? <line x1={0} y1={0} x2={left ? -mark : 0} y2={left ? 0 : mark} stroke={stroke} /> : null}
          <text
            {...label}
            x={left ? -(mark + LABEL_GAP) : 0}
            y={left ? 0 : mark + LABEL_GAP}
            dy={left ? '0.33em' : '0.71em'}
            textAnchor={left ? 'end' : 'middle'}
          >
            {text}
          </text>
        </g>
      ))}
    </g>
  );
}

/**
 * The width of an element, followed as it changes (0 until it is laid out). The observer reports it once the
 * browser has laid the page out anyway: reading `clientWidth` while the page is drawn would make the browser
 * lay out the whole dashboard an extra time. Where nothing observes sizes (tests), `clientWidth` is read.
 */
function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(element.clientWidth);
      return;
    }
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A bar chart of one or more series, as wide as its container; its height is kept while it is measured. */
export function BarChart(props: BarChartProps) {
  const theme = useTheme();
  const { ref, width } = useWidth<HTMLDivElement>();
  return (
    <Box aria-hidden sx={{ width: '100%', minWidth: 0 }}>
      <Box ref={ref} sx={{ height: props.height }}>
        {width > 0 ? <Bars {...props} width={width} /> : null}
      </Box>
      {props.legend ? (
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'center', mt: 1 }}
        >
          {props.series.map((s) => (
            <Stack key={s.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: 0.5,
                  bgcolor: typeof s.color === 'string' ? s.color : theme.palette.primary.main,
                }}
              />
              <Typography variant="body2">{s.label}</Typography>
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

function Bars({
  categories,
  series,
  height,
  horizontal = false,
  sideWidth,
  formatValue = formatNumber,
  counts = true,
  width,
}: BarChartProps & { width: number }) {
  const theme = useTheme();
  const innerWidth = Math.max(0, width - sideWidth - MARGIN.right);
  const innerHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const categoryLength = horizontal ? innerHeight : innerWidth;
  const valueLength = horizontal ? innerWidth : innerHeight;
  const category = scaleBand<string>({ domain: [...categories], range: [0, categoryLength], padding: 0.2 });
  const within = scaleBand<number>({
    domain: series.map((_, i) => i),
    range: [0, category.bandwidth()],
    padding: 0.08,
  });
  const value = scaleLinear<number>({
    domain: [0, max],
    range: horizontal ? [0, valueLength] : [valueLength, 0],
    nice: true,
  });
  const valueTicks = value
    .ticks(TICKS)
    .filter((v) => !counts || Number.isInteger(v))
    .map((v) => ({ at: value(v), label: formatValue(v) }));
  const categoryTicks = categories.map((name) => ({
    at: (category(name) ?? 0) + category.bandwidth() / 2,
    label: name,
  }));
  const label = {
    fill: theme.palette.text.secondary,
    fontSize: 12,
    fontFamily: theme.typography.fontFamily,
  };
  const line = theme.palette.divider;
  const colourOf = (s: BarSeries, i: number) =>
    typeof s.color === 'string' ? s.color : (s.color[i] ?? theme.palette.primary.main);

  return (
    <svg width={width} height={height} role="presentation">
      <g transform={`translate(${sideWidth}, ${MARGIN.top})`}>
        {categories.map((name, i) =>
          series.map((s, n) => {
            const figure = s.values[i] ?? 0;
            const start = (category(name) ?? 0) + (within(n) ?? 0);
            const thickness = within.bandwidth();
            const extent = horizontal ? value(figure) : valueLength - value(figure);
            return (
              <rect
                key={`${name}-${s.label}`}
                x={horizontal ? 0 : start}
                y={horizontal ? start : valueLength - extent}
                width={horizontal ? extent : thickness}
                height={horizontal ? thickness : extent}
                rx={2}
                fill={colourOf(s, i)}
              >
                <title>{`${name}, ${s.label}: ${formatValue(figure)}`}</title>
              </rect>
            );
          }),
        )}
        <Axis
          side="left"
          length={innerHeight}
          ticks={horizontal ? categoryTicks : valueTicks}
          marks={!horizontal}
          stroke={line}
          label={label}
        />
        <Axis
          side="bottom"
          top={innerHeight}
          length={innerWidth}
          ticks={horizontal ? valueTicks : categoryTicks}
          marks={horizontal}
          stroke={line}
          label={label}
        />
      </g>
    </svg>
  );
}
