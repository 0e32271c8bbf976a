import type { RobotFigures } from '@makerdesk/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '@/lib/numbers';
import { useTrading } from '@/market-data/components/trading-context';
import { signedAmount } from '../utils/figures';
import '../robots-i18n';

/**
 * One window's headline figures in a cell: trades, base volume, and the bot's total P&L of the window
 * in quote (DESK.md, from the desk P&L: the figure the control panel's breakdown shows); null while loading.
 */
export function FiguresSummary({ figures, totalPnl }: { figures: RobotFigures; totalPnl: string | null }) {
  const { t } = useTranslation('robots');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const pnl = totalPnl === null ? { text: tc('empty.value'), tone: null } : signedAmount(totalPnl, precision.price);
  return (
    <Flex vertical className="md-robot-figures">
      <span>{t('list.trades', { count: figures.tradeCount })}</span>
      <Typography.Text type="secondary">{t('list.volume', { volume: formatFixed(figures.baseVolume, precision.amount), asset: pair.base })}</Typography.Text>
      <span className={pnl.tone ? `md-price-${pnl.tone === 'up' ? 'buy' : 'sell'}` : undefined}>{t('list.pnl', { pnl: pnl.text, asset: pair.quote })}</span>
    </Flex>
  );
}
