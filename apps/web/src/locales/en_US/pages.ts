export default {
  'placeholder.title': 'Nothing to show yet',
  'placeholder.noPair': 'Choose a trading pair in the top bar first.',
  'placeholder.pair': 'Trading pair: {{pair}}',
  'robot.description': 'The bots deployed on the selected pair are listed here, with their status and controls.',
} as const;
