export default {
  'title': 'Candles',
  'interval.label': 'Interval',
  'legend.open': 'O',
  'legend.high': 'H',
  'legend.low': 'L',
  'legend.close': 'C',
  'legend.volume': 'Vol',
  'state.loading': 'Loading candles…',
  'state.noSymbol': 'Choose a trading pair to see its candles.',
  'state.empty': 'No trades on {{symbol}} yet: candles appear with the first trade.',
  'state.unavailable': 'Candles for {{symbol}} are not available.',
  'state.offline': 'Cannot reach the server; retrying…',
} as const;
