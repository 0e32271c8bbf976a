export default {
  'placeholder.title': 'Nothing to show yet',
  'placeholder.noPair': 'Choose a trading pair in the top bar first.',
  'placeholder.pair': 'Trading pair: {{pair}}',
  'dashboard.description': 'Volume, balances and bot performance of the selected pair appear here once its bots run.',
  'robot.description': 'The bots deployed on the selected pair are listed here, with their status and controls.',
  'work.description': 'Manual trading, open orders and order history of the selected pair appear here.',
  'analysis.description': 'Fund and token changes since the start, position cost and cycle statistics of the selected pair appear here.',
} as const;
