import { Flex, Select, Tag, Typography } from 'antd';
import type { Coin } from '@makerdesk/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { clearCurrentPair, selectCurrentPair, useCurrentPair } from '@/lib/current-pair';
import { platformLabel } from '@/lib/platform-label';
import { useCoins } from '../api/get-coins';
import { usePlatforms } from '../api/get-platforms';
import { postSymbolChange } from '../utils/chart-frames';

function choose(coin: Coin): void {
  selectCurrentPair({ id: coin.coinId, name: coin.coinName });
  postSymbolChange(coin.coinName);
}

/** The top bar's pair selector: the pairs of /coin/list, the choice kept in browser storage. */
export function PairSelector() {
  const { t } = useTranslation('pairs');
  const coins = useCoins();
  const platforms = usePlatforms();
  const current = useCurrentPair();

  // A stored pair the account may no longer use gives way to the first one it may.
  useEffect(() => {
    if (!coins.data) return;
    const stored = current && coins.data.find((coin) => coin.coinId === current.id);
    if (stored && stored.coinName === current.name) return;
    const next = stored ?? coins.data[0];
    if (next) choose(next);
    else if (current) clearCurrentPair();
  }, [coins.data, current]);

  const options = useMemo(() => {
    const platformName = new Map(platforms.data?.map((p) => [p.id, platformLabel(p, t)]));
    const now = Date.now();
    return (coins.data ?? []).map((coin) => ({
      value: coin.coinId,
      label: coin.coinName,
      platform: platformName.get(coin.platformId) ?? '',
      expired: coin.endTimeStamp !== null && coin.endTimeStamp <= now,
      disabled: coin.status === 'disabled',
    }));
  }, [coins.data, platforms.data, t]);

  return (
    <Select
      aria-label={t('selector.placeholder')}
      className="md-pair-selector"
      value={current?.id}
      placeholder={t('selector.placeholder')}
      notFoundContent={t('selector.empty')}
      loading={coins.isLoading}
      showSearch
      optionFilterProp="label"
      popupMatchSelectWidth={300}
      style={{ width: 180 }}
      options={options}
      onChange={(coinId: number) => {
        const coin = coins.data?.find((c) => c.coinId === coinId);
        if (coin) choose(coin);
      }}
      optionRender={({ data }) => (
        <Flex justify="space-between" align="center" gap={8}>
          <span>{data.label}</span>
          <Flex gap={4} align="center">
            {data.disabled && <Tag color="default">{t('selector.disabled')}</Tag>}
            {data.expired && <Tag color="error">{t('selector.expired')}</Tag>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {data.platform}
            </Typography.Text>
          </Flex>
        </Flex>
      )}
    />
  );
}
