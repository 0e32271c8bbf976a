import { parseLang, renderServerText, type RobotLiveFigures } from '@makerdesk/contract';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { compareDecimals, formatBpsValue, formatFixed, formatPlain } from '@/lib/numbers';
import { useTrading } from '@/market-data/components/trading-context';
import { percentOfFraction } from '../utils/runtime';
import '../robots-i18n';

/** The bid and ask the bot holds, and their spread in basis points; a side without an own order reads "–". */
export function RobotQuote({ quote, obligation, testId = 'robot-quote' }: { quote: RobotLiveFigures['quote']; obligation?: RobotLiveFigures['obligation']; testId?: string }) {
  const { t } = useTranslation('robots');
  const { pair, precision } = useTrading();
  const price = (p: string | null) => (p === null ? '–' : formatFixed(p, precision.price));
  return (
    <Flex vertical className="md-robot-runtime" data-testid={testId}>
      <span>
        <span className="md-price-buy">{price(quote.bid)}</span>
        {' / '}
        <span className="md-price-sell">{price(quote.ask)}</span> <Typography.Text type="secondary">{pair.quote}</Typography.Text>
      </span>
      <Typography.Text type="secondary">{quote.spreadBps === null ? t('runtime.noSpread') : t('runtime.spread', { bps: formatBpsValue(quote.spreadBps) })}</Typography.Text>
      {obligation !== undefined && <RobotObligation obligation={obligation} testId={`${testId}-obligation`} />}
    </Flex>
  );
}

/**
 * How close a bot quoting to its pair's obligation runs to it (issue 20 §6): its own spread against
 * the cap and its own depth per side within the band against the minimum, kept or not, and whether
 * its funds fall short. Null: the option is on and the pair has no obligation.
 */
export function RobotObligation({ obligation, testId = 'robot-obligation' }: { obligation: RobotLiveFigures['obligation']; testId?: string }) {
  const { t } = useTranslation('robots');
  const { pair } = useTrading();
  if (obligation === undefined) return null;
  if (obligation === null)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('runtime.obligationNone')}
      </Typography.Text>
    );
  // Depths in whole quote units from 100 up ("1,240/1,000 USDT"), else with the quote's cents.
  const digits = compareDecimals(obligation.minDepthQuote, '100') >= 0 ? 0 : 2;
  const figures = t('runtime.obligation', {
    spread: obligation.spreadBps === null ? '–' : formatPlain(obligation.spreadBps),
    max: formatPlain(obligation.maxSpreadBps),
    band: formatPlain(obligation.depthWithinPct),
    bid: formatFixed(obligation.bidQuote, digits),
    ask: formatFixed(obligation.askQuote, digits),
    min: formatFixed(obligation.minDepthQuote, digits),
    quote: pair.quote,
  });
  return (
    <Flex vertical data-testid={testId}>
      <Typography.Text type={obligation.met ? 'success' : 'warning'}>{obligation.met ? t('runtime.obligationMet') : t('runtime.obligationMissed')}</Typography.Text>
      <Typography.Text type="secondary">{figures}</Typography.Text>
      {obligation.shortOfFunds && <Typography.Text type="danger">{t('runtime.obligationShort')}</Typography.Text>}
    </Flex>
  );
}

/** The key's base holding and its share of the pair's value, against the bot's target where it has one. */
export function RobotInventory({ inventory }: { inventory: RobotLiveFigures['inventory'] }) {
  const { t } = useTranslation('robots');
  const { pair, precision } = useTrading();
  if (inventory.base === null) return <Typography.Text type="secondary">–</Typography.Text>;
  return (
    <Flex vertical className="md-robot-runtime" data-testid="robot-inventory">
      <span>
        {formatFixed(inventory.base, precision.amount)} {pair.base}
      </span>
      <Typography.Text type="secondary">
        {inventory.share === null ? '' : t('runtime.share', { share: percentOfFraction(inventory.share) })}
        {inventory.target === null ? '' : ` · ${t('runtime.target', { target: percentOfFraction(inventory.target) })}`}
      </Typography.Text>
    </Flex>
  );
}

/** What the bot last did, when, and why (a server text in the reader's language). */
export function RobotLastAction({ action, testId = 'robot-last-action' }: { action: RobotLiveFigures['lastAction']; testId?: string }) {
  const { t, i18n } = useTranslation('robots');
  const lang = parseLang(i18n.language);
  if (action === null)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('runtime.noAction')}
      </Typography.Text>
    );
  return (
    <Flex vertical className="md-robot-runtime md-robot-last-action" data-testid={testId}>
      <span>
        <strong>{t(`runtime.kind.${action.kind}`)}</strong> <Typography.Text type="secondary">{formatDateTime(action.at).slice(11)}</Typography.Text>
      </span>
      <Typography.Text type="secondary" className="md-robot-reason">
        {renderServerText(action.reason, lang)}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Orders placed, cancels and fills in the last hour, the order-to-fill ratio, the churn (placements and
 * cancels per minute over the last ten minutes, issue 19), the refresh tolerance the bot quotes with
 * now and its placement budget (with the placements it deferred past it in the last minute), and the run's errors.
 */
export function RobotOrderFlow({ runtime }: { runtime: RobotLiveFigures }) {
  const { t, i18n } = useTranslation('robots');
  const lang = parseLang(i18n.language);
  const { lastHour, perMinute, errors } = runtime;
  return (
    <Flex vertical className="md-robot-runtime" data-testid="robot-order-flow">
      <span>{t('runtime.flow', { orders: String(lastHour.orders), cancels: String(lastHour.cancels), fills: String(lastHour.fills) })}</span>
      <Typography.Text type="secondary">{lastHour.orderToFill === null ? t('runtime.noRatio') : t('runtime.ratio', { ratio: lastHour.orderToFill })}</Typography.Text>
      {perMinute.placements !== null && (
        <Tooltip title={t('runtime.perMinuteHelp', { minutes: String(Math.round(perMinute.windowSec / 60)) })}>
          <Typography.Text type="secondary" data-testid="robot-churn">
            {t('runtime.perMinute', { placements: perMinute.placements, cancels: perMinute.cancels ?? '0' })}
          </Typography.Text>
        </Tooltip>
      )}
      {perMinute.refreshTolerance !== null && (
        <Tooltip title={t('runtime.toleranceHelp')}>
          <Typography.Text type="secondary" data-testid="robot-tolerance">
            {perMinute.budget === null
              ? t('runtime.tolerance', { tolerance: percentOfFraction(perMinute.refreshTolerance) })
              : t('runtime.toleranceBudget', { tolerance: percentOfFraction(perMinute.refreshTolerance), budget: perMinute.budget })}
          </Typography.Text>
        </Tooltip>
      )}
      {perMinute.deferred !== null && perMinute.deferred > 0 && (
        <Tooltip title={t('runtime.deferredHelp')}>
          <Typography.Text type="secondary" data-testid="robot-deferred">
            {t('runtime.deferred', { count: perMinute.deferred })}
          </Typography.Text>
        </Tooltip>
      )}
      {errors.count > 0 && (
        <Tooltip title={errors.last ? `${formatDateTime(errors.last.at)} · ${renderServerText(errors.last.text, lang)}` : undefined}>
          <Typography.Text type="danger">{t('runtime.errors', { count: errors.count })}</Typography.Text>
        </Tooltip>
      )}
    </Flex>
  );
}
