/**
 * The dashboard's bar charts, drawn with visx as plain SVG: little code to load and little work to draw on a
 * phone. They are pictures for the eye (`aria-hidden`): every chart has its table for a screen reader
 * (`ChartTable`), and each bar names its figure on hover (an SVG title).
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useLayoutEffect, useRef, useState } from 'react';
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

/** The width of an element, followed as it changes (0 until it is laid out, or where nothing lays out). */
function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
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
  const tickValues = value.ticks(TICKS).filter((v) => !counts || Number.isInteger(v));
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
      <Group left={sideWidth} top={MARGIN.top}>
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
        {horizontal ? (
          <>
            <AxisLeft
              scale={category}
              stroke={line}
              tickStroke={line}
              hideTicks
              tickLabelProps={() => ({ ...label, textAnchor: 'end', dx: -4, dy: '0.33em' })}
            />
            <AxisBottom
              top={innerHeight}
              scale={value}
              tickValues={tickValues}
              tickFormat={(v) => formatValue(Number(v))}
              stroke={line}
              tickStroke={line}
              tickLabelProps={() => ({ ...label, textAnchor: 'middle' })}
            />
          </>
        ) : (
          <>
            <AxisLeft
              scale={value}
              tickValues={tickValues}
              tickFormat={(v) => formatValue(Number(v))}
              stroke={line}
              tickStroke={line}
              tickLabelProps={() => ({ ...label, textAnchor: 'end', dx: -4, dy: '0.33em' })}
            />
            <AxisBottom
              top={innerHeight}
              scale={category}
              stroke={line}
              tickStroke={line}
              hideTicks
              tickLabelProps={() => ({ ...label, textAnchor: 'middle' })}
            />
          </>
        )}
      </Group>
    </svg>
  );
}
