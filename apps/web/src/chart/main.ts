import '@/lib/no-eval';
import { candleIntervals, parseLang, type CandleDto, type CandleInterval } from '@makerdesk/contract';
import { thousands } from '@makerdesk/format';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  LineStyle,
  CrosshairMode,
  HistogramSeries,
  TickMarkType,
  type IPriceLine,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import en from '@/locales/en_US/chart';
import zh from '@/locales/zh_CN/chart';
import { DOWN_COLOR, UP_COLOR } from '@/lib/market-colors';
import { chartSymbol, planUpdate, priceDecimals, toChartBars } from './candles';
import { fetchCandles } from './fetch-candles';
import { fillMarkers, orderLines, parseOwnOverlay, type OwnOverlayMessage } from './own-overlay';
import './chart.css';

/**
 * The embedded candle chart (spec §1): a page of its own, framed by the console with
 * `data-chart-frame`. It follows `?symbol=`, `?interval=` and `?lang=`, polls the public candles
 * every 2 s, and switches pair when the console posts `{type: 'symbolChange', symbol}`.
 */
const POLL_MS = 2_000;
const LIMIT = 300;
const MIN_VISIBLE_BARS = 48;
const MAX_VISIBLE_BARS = 90;
/** Empty bars at the right while own order lines (and their labels) are drawn. */
const RIGHT_ROOM_WITH_LINES = 22;

const params = new URLSearchParams(window.location.search);
const lang = parseLang(params.get('lang'));
const texts = lang === 'zh_CN' ? zh : en;
document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';

function text(key: keyof typeof en, values: Record<string, string> = {}): string {
  return texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

function element<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`chart.html has no ${selector}`);
  return found;
}

const canvas = element<HTMLDivElement>('.md-chart-canvas');
const intervalsBar = element<HTMLDivElement>('.md-chart-intervals');
const legend = element<HTMLDivElement>('.md-chart-legend');
const stateBox = element<HTMLDivElement>('.md-chart-state');
const stateText = element<HTMLParagraphElement>('.md-chart-state-text');

const requested = params.get('interval');
let symbol = chartSymbol(params.get('symbol') ?? '');
let interval: CandleInterval = candleIntervals.find((i) => i === requested) ?? '1m';

const pad = (n: number) => String(n).padStart(2, '0');
/** Bars are in UTC seconds; people read their own clock. */
function localTime(time: Time, withDate: boolean): string {
  const d = new Date((time as UTCTimestamp) * 1000);
  const clock = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return withDate ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${clock}` : clock;
}

const chart = createChart(canvas, {
  autoSize: true,
  layout: {
    background: { type: ColorType.Solid, color: '#141414' },
    textColor: 'rgba(255, 255, 255, 0.55)',
    fontSize: 11,
  },
  grid: {
    vertLines: { color: 'rgba(255, 255, 255, 0.04)' },
    horzLines: { color: 'rgba(255, 255, 255, 0.04)' },
  },
  crosshair: { mode: CrosshairMode.Normal },
  rightPriceScale: { borderColor: 'rgba(255, 255, 255, 0.08)' },
  timeScale: {
    borderColor: 'rgba(255, 255, 255, 0.08)',
    timeVisible: true,
    secondsVisible: false,
    tickMarkFormatter: (time: Time, type: TickMarkType) => {
      const d = new Date((time as UTCTimestamp) * 1000);
      if (type === TickMarkType.Year) return String(d.getFullYear());
      if (type === TickMarkType.Month || type === TickMarkType.DayOfMonth) return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      return localTime(time, false);
    },
  },
  localization: { locale: lang === 'zh_CN' ? 'zh-CN' : 'en-US', timeFormatter: (time: Time) => localTime(time, true) },
});

const candleSeries = chart.addSeries(CandlestickSeries, {
  upColor: UP_COLOR,
  downColor: DOWN_COLOR,
  wickUpColor: UP_COLOR,
  wickDownColor: DOWN_COLOR,
  borderVisible: false,
});
candleSeries.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.26 } });

const volumeSeries = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: '', lastValueVisible: false, priceLineVisible: false });
volumeSeries.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });

/** The account's own open orders (price lines) and fills (markers), as the console last posted them. */
const markers = createSeriesMarkers(candleSeries, []);
let overlay: OwnOverlayMessage = { type: 'ownOverlay', orders: [], fills: [] };
let priceLines: IPriceLine[] = [];

function drawOrderLines(): void {
  for (const line of priceLines) candleSeries.removePriceLine(line);
  priceLines = orderLines(overlay.orders).map((line) =>
    candleSeries.createPriceLine({
      price: line.price,
      color: line.side === 'buy' ? UP_COLOR : DOWN_COLOR,
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      axisLabelVisible: true,
      title: line.title,
    }),
  );
  // What is drawn, readable from outside the canvas (the browser journeys check it).
  canvas.dataset.ownLines = String(priceLines.length);
}

function drawFillMarkers(): void {
  const list = fillMarkers(overlay.fills, interval, new Set(shown.keys()), { buy: UP_COLOR, sell: DOWN_COLOR });
  markers.setMarkers(list);
  canvas.dataset.fillMarkers = String(list.length);
}

/** What is on screen: the candles by bar time (for the legend) and the last bar's time (for updates). */
let shown = new Map<number, CandleDto>();
let shownLastTime: number | null = null;
let decimals = -1;

function showState(message: string | null): void {
  stateBox.hidden = message === null;
  stateText.textContent = message ?? '';
}

function renderLegend(candle: CandleDto | undefined): void {
  legend.replaceChildren();
  if (!candle) return;
  const color = Number(candle.close) >= Number(candle.open) ? UP_COLOR : DOWN_COLOR;
  const entries: [keyof typeof en, string][] = [
    ['legend.open', candle.open],
    ['legend.high', candle.high],
    ['legend.low', candle.low],
    ['legend.close', candle.close],
    ['legend.volume', candle.volume],
  ];
  for (const [key, value] of entries) {
    const item = document.createElement('span');
    const figure = document.createElement('b');
    figure.textContent = thousands(value);
    figure.style.color = key === 'legend.volume' ? 'rgba(255, 255, 255, 0.75)' : color;
    item.append(text(key), figure);
    legend.append(item);
  }
}

chart.subscribeCrosshairMove((param) => {
  const hovered = param.time === undefined ? undefined : shown.get(param.time as number);
  renderLegend(hovered ?? (shownLastTime === null ? undefined : shown.get(shownLastTime / 1000)));
});

function render(candles: CandleDto[]): void {
  if (candles.length === 0) {
    candleSeries.setData([]);
    volumeSeries.setData([]);
    shown = new Map();
    shownLastTime = null;
    renderLegend(undefined);
    showState(text('state.empty', { symbol }));
    return;
  }
  const nextDecimals = priceDecimals(candles);
  if (nextDecimals !== decimals) {
    decimals = nextDecimals;
    candleSeries.applyOptions({ priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals } });
  }
  const plan = planUpdate(shownLastTime, candles);
  const bars = toChartBars(plan.kind === 'replace' ? candles : candles.slice(plan.from));
  if (plan.kind === 'replace') {
    candleSeries.setData(bars.candles);
    volumeSeries.setData(bars.volumes);
    // The latest bars at a readable width: a young pair's few candles sit at the right, not stretched across.
    const count = bars.candles.length;
    const shownBars = Math.min(Math.max(count, MIN_VISIBLE_BARS), MAX_VISIBLE_BARS);
    // Room at the right for the own orders' line labels, so they do not cover the latest candles and their fill markers.
    chart.timeScale().setVisibleLogicalRange({ from: count - shownBars, to: count + (overlay.orders.length > 0 ? RIGHT_ROOM_WITH_LINES : 2) });
  } else {
    bars.candles.forEach((bar) => candleSeries.update(bar));
    bars.volumes.forEach((bar) => volumeSeries.update(bar));
  }
  for (const c of candles) shown.set(c.time / 1000, c);
  const last = candles.at(-1) as CandleDto;
  shownLastTime = last.time;
  renderLegend(last);
  showState(null);
  drawFillMarkers();
}

let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | undefined;
/** Bumped by every pair or interval change, so an answer for the previous one is dropped. */
let generation = 0;

async function load(): Promise<void> {
  clearTimeout(timer);
  const mine = generation;
  if (!symbol) {
    showState(text('state.noSymbol'));
    return;
  }
  inFlight?.abort();
  inFlight = new AbortController();
  const answer = await fetchCandles(symbol, { interval, limit: LIMIT }, lang, inFlight.signal);
  if (mine !== generation) return;
  if (answer.kind === 'ok') render(answer.candles);
  else if (shownLastTime === null) showState(text(answer.kind === 'offline' ? 'state.offline' : 'state.unavailable', { symbol }));
  timer = setTimeout(() => void load(), POLL_MS);
}

function restart(): void {
  generation += 1;
  inFlight?.abort();
  shown = new Map();
  shownLastTime = null;
  candleSeries.setData([]);
  volumeSeries.setData([]);
  markers.setMarkers([]);
  renderLegend(undefined);
  showState(text('state.loading'));
  void load();
}

function renderIntervals(): void {
  intervalsBar.setAttribute('aria-label', text('interval.label'));
  intervalsBar.replaceChildren(
    ...candleIntervals.map((value) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = value;
      button.setAttribute('aria-pressed', String(value === interval));
      button.addEventListener('click', () => {
        if (value === interval) return;
        interval = value;
        renderIntervals();
        restart();
      });
      return button;
    }),
  );
}

window.addEventListener('message', (event: MessageEvent) => {
  // Only the console that frames this page may switch its pair.
  if (event.origin !== window.location.origin) return;
  const own = parseOwnOverlay(event.data);
  if (own) {
    const hadLines = overlay.orders.length > 0;
    overlay = own;
    drawOrderLines();
    drawFillMarkers();
    // The first lines make room at the right for their labels (the same as a full load does).
    if (!hadLines && own.orders.length > 0 && shownLastTime !== null) {
      const range = chart.timeScale().getVisibleLogicalRange();
      if (range) chart.timeScale().setVisibleLogicalRange({ from: range.from, to: range.to + RIGHT_ROOM_WITH_LINES - 2 });
    }
    return;
  }
  const data = event.data as { type?: unknown; symbol?: unknown } | null;
  if (data?.type !== 'symbolChange' || typeof data.symbol !== 'string') return;
  const next = chartSymbol(data.symbol);
  if (next === symbol) return;
  symbol = next;
  // The previous pair's orders and fills are not this one's; the console posts the new pair's.
  overlay = { type: 'ownOverlay', orders: [], fills: [] };
  drawOrderLines();
  restart();
});

renderIntervals();
restart();
