export default {
  'placeholder.title': 'Nothing to show yet',
  'placeholder.noPair': 'Choose a trading pair in the top bar first.',
} as const;
