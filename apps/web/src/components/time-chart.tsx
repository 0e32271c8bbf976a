import { Card, Flex, theme, Typography } from 'antd';
import { BaselineSeries, ColorType, createChart, HistogramSeries, LineSeries, LineStyle, type IChartApi, type ISeriesApi, type Time, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';

/** One point of a line: seconds since the epoch; numbers here only place pixels. A bar may carry its own colour. */
export interface LinePoint {
  time: UTCTimestamp;
  value: number;
  color?: string;
}

export interface ChartLine {
  key: string;
  label: string;
  color: string;
  data: LinePoint[];
  /** The figure the legend writes (a decimal string, already formatted). */
  latest: string | null;
  /** left and right are the visible axes; any other id is an overlay scale of its own (no axis). */
  scale: 'left' | 'right' | string;
  /** baseline: above zero in the up colour, below in the down colour (P&L); bars: one bar per point in those colours, or in the point's own. */
  kind?: 'line' | 'baseline' | 'bars';
  dashed?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
function localTime(time: Time): string {
  const d = new Date((time as UTCTimestamp) * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A UTC day as the daily P&L bars name it, on the axis and under the crosshair: '11-27 UTC', '2026-11-27 UTC'. */
export function utcDay(time: Time, withYear: boolean): string {
  const d = new Date((time as UTCTimestamp) * 1000);
  const day = `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `${withYear ? `${d.getUTCFullYear()}-` : ''}${day} UTC`;
}

type SeriesMap = Map<string, ISeriesApi<'Line'> | ISeriesApi<'Baseline'> | ISeriesApi<'Histogram'>>;

/** Adds the lines the chart lacks and sets every line's data. */
function draw(api: IChartApi, made: SeriesMap, lines: ChartLine[], upColor: string, downColor: string): void {
  for (const line of lines) {
    let s = made.get(line.key);
    if (!s) {
      const common = { priceScaleId: line.scale, lastValueVisible: line.scale === 'left' || line.scale === 'right', priceLineVisible: false, lineWidth: 2 as const };
      s =
        line.kind === 'bars'
          ? api.addSeries(HistogramSeries, { priceScaleId: line.scale, lastValueVisible: true, priceLineVisible: false })
          : line.kind === 'baseline'
          ? api.addSeries(BaselineSeries, {
              ...common,
              baseValue: { type: 'price', price: 0 },
              topLineColor: upColor,
              bottomLineColor: downColor,
              topFillColor1: `${upColor}33`,
              topFillColor2: `${upColor}08`,
              bottomFillColor1: `${downColor}08`,
              bottomFillColor2: `${downColor}33`,
            })
          : api.addSeries(LineSeries, { ...common, color: line.color, lineStyle: line.dashed ? LineStyle.Dashed : LineStyle.Solid });
      if (line.scale !== 'left' && line.scale !== 'right') api.priceScale(line.scale).applyOptions({ scaleMargins: { top: 0.15, bottom: 0.15 } });
      made.set(line.key, s);
    }
    s.setData(line.kind === 'bars' ? line.data.map((p) => ({ ...p, color: p.color ?? (p.value < 0 ? downColor : upColor) })) : line.data);
  }
  api.timeScale().fitContent();
}

export interface TimeChartProps {
  title: string;
  lines: ChartLine[];
  height?: number;
  locale: string;
  upColor: string;
  downColor: string;
  /** One point per UTC day (the daily P&L bars): the axis and crosshair name UTC days. */
  utcDays?: boolean;
  /** The card's class (the analysis screen's by default). */
  className?: string;
}

/**
 * A card with figures over time (lightweight-charts) on the left and right axes or overlay scales,
 * and a legend with each line's latest figure as the server wrote it: the analysis screen's charts
 * and the liquidity history's.
 */
export function TimeChart({ title, lines, height = 240, locale, upColor, downColor, utcDays = false, className = 'md-analysis-chart' }: TimeChartProps) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<SeriesMap>(new Map());
  // What a chart created again (a theme or language change) draws at once.
  const latest = useRef({ lines, upColor, downColor });
  latest.current = { lines, upColor, downColor };

  useEffect(() => {
    if (!box.current) return;
    const created = createChart(box.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: token.colorTextSecondary, fontSize: 11, attributionLogo: false },
      grid: { vertLines: { color: token.colorBorderSecondary }, horzLines: { color: token.colorBorderSecondary } },
      leftPriceScale: { visible: true, borderColor: token.colorBorder },
      rightPriceScale: { visible: true, borderColor: token.colorBorder },
      timeScale: utcDays
        ? { borderColor: token.colorBorder, timeVisible: false, tickMarkFormatter: (time: Time) => utcDay(time, false) }
        : { borderColor: token.colorBorder, timeVisible: true, secondsVisible: false },
      localization: { locale, timeFormatter: utcDays ? (time: Time) => utcDay(time, true) : localTime },
    });
    chart.current = created;
    const made = series.current;
    draw(created, made, latest.current.lines, latest.current.upColor, latest.current.downColor);
    return () => {
      made.clear();
      created.remove();
      chart.current = null;
    };
  }, [locale, utcDays, token.colorBorder, token.colorBorderSecondary, token.colorTextSecondary]);

  useEffect(() => {
    if (chart.current) draw(chart.current, series.current, lines, upColor, downColor);
  }, [lines, upColor, downColor]);

  return (
    <Card size="small" className={className} title={title}>
      <Flex wrap gap={16} className="md-analysis-legend" style={{ marginBottom: 8 }}>
        {lines.map((line) => (
          <span key={line.key} data-series={line.key}>
            <span aria-hidden style={{ display: 'inline-block', width: 10, height: 3, marginRight: 6, verticalAlign: 'middle', background: line.kind === 'baseline' ? upColor : line.color }} />
            <Typography.Text type="secondary">{line.label} </Typography.Text>
            <Typography.Text strong>{line.latest ?? '—'}</Typography.Text>
          </span>
        ))}
      </Flex>
      <div ref={box} style={{ height, position: 'relative' }} />
    </Card>
  );
}
