import type { OrderSource } from '@makerdesk/contract';
import { Flex, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { botsAmong, type SourceFilter } from '../utils/order-source';
import { sourceLabel } from './source-tag';

interface SourceToolbarProps {
  rows: readonly { source: OrderSource }[];
  filter: SourceFilter;
  onFilter: (filter: SourceFilter) => void;
  grouped: boolean;
  onGrouped: (grouped: boolean) => void;
}

/** Above an order or fill table: filter by source (every bot, one bot, manual, other) and group by source. */
export function SourceToolbar({ rows, filter, onFilter, grouped, onGrouped }: SourceToolbarProps) {
  const { t } = useTranslation('trading');
  const options = [
    { value: 'all', label: t('source.filter.all') },
    { value: 'bot', label: t('source.filter.bots') },
    ...botsAmong(rows).map((s) => ({ value: `bot:${s.robotId}`, label: sourceLabel(t, s) })),
    { value: 'manual', label: t('source.manual') },
    { value: 'other', label: t('source.other') },
  ];
  // A bot chosen earlier whose orders are gone stays selectable until the filter changes.
  if (!options.some((o) => o.value === filter)) options.push({ value: filter, label: filter });
  return (
    <Flex className="md-source-toolbar" align="center" gap={12} wrap>
      <Select<SourceFilter>
        size="small"
        aria-label={t('source.filter.label')}
        data-testid="source-filter"
        value={filter}
        onChange={onFilter}
        options={options as { value: SourceFilter; label: string }[]}
        popupMatchSelectWidth={false}
        style={{ minWidth: 150 }}
      />
      <Flex align="center" gap={6}>
        <Switch size="small" checked={grouped} onChange={onGrouped} aria-label={t('source.group')} data-testid="source-group" />
        <Typography.Text type="secondary">{t('source.group')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
