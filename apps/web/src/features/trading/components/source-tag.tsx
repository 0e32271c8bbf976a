import type { OrderSource } from '@makerdesk/contract';
import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A source in words: the bot's name (or "Deleted bot #id"), "Manual", "Other". */
export function sourceLabel(t: TFunction<'trading'>, source: OrderSource): string {
  if (source.kind === 'bot') return source.robotName ?? t('source.bot.deleted', { id: String(source.robotId ?? '?') });
  return t(source.kind === 'manual' ? 'source.manual' : 'source.other');
}

const COLOR: Record<OrderSource['kind'], string> = { bot: 'geekblue', manual: 'cyan', other: 'default' };

/** Who placed an order or made a fill: a bot by name, by hand, or with the key outside the console. */
export function SourceTag({ source }: { source: OrderSource }) {
  const { t } = useTranslation('trading');
  const tip =
    source.kind === 'bot' ? t('source.bot.tooltip', { id: String(source.robotId ?? '?') }) : t(source.kind === 'manual' ? 'source.manual.tooltip' : 'source.other.tooltip');
  return (
    <Tooltip title={tip}>
      <Tag bordered={false} color={COLOR[source.kind]} className="md-source-tag" data-source={source.kind}>
        {sourceLabel(t, source)}
      </Tag>
    </Tooltip>
  );
}
