import type { TradingLog } from '@makerdesk/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../robots-i18n';

const colours = { info: 'blue', warn: 'orange', error: 'red' } as const;

export function LogLevelTag({ level }: { level: TradingLog['level'] }) {
  const { t } = useTranslation('robots');
  return <Tag color={colours[level]}>{t(`log.level.${level}`)}</Tag>;
}
