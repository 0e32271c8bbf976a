export default {
  'title': 'User agreement',
  'intro': 'Please read this notice before you use MakerDesk. Signing in means you accept it.',
  'tool.title': 'A third-party tool',
  'tool.body': 'MakerDesk is only a third-party software tool. It holds no assets: your funds stay with the exchanges where your accounts are, and MakerDesk acts on them only through the API keys you import.',
  'residency.title': 'Who may use it',
  'residency.body': 'MakerDesk does not serve residents of China, the United States, North Korea or Cuba. If you are one, do not use it.',
  'integrity.title': 'Market integrity',
  'integrity.body': 'Market manipulation, wash trading, fraud and similar uses are forbidden. MakerDesk enforces self-trade prevention on live venues: no bot order may cross a resting order of the same account.',
  'apiKey.title': 'API keys',
  'apiKey.body': 'You must bind an IP address to every API key you import, so that the key works only from the machines you allow.',
  'risk.title': 'Your responsibility',
  'risk.body': 'Automated trading carries risk. You remain responsible for the bots you configure and for the orders they place.',
} as const;
