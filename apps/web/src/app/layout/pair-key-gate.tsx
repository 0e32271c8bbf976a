import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageLoading } from '@/components/page-loading';
import { keyForPair, useCredentials } from '@/features/credentials/api/get-credentials';
import { useCurrentPair, type CurrentPair } from '@/lib/current-pair';
import { ImportApiKeyButton } from './api-key-actions';

/**
 * Screens that trade or show balances need a pair and the user's API key for it; without one they
 * say what is missing and offer the way to it instead of failing call by call.
 */
export function PairKeyGate({ children }: { children: (pair: CurrentPair, missingKey: ReactNode) => ReactNode }) {
  const { t } = useTranslation('credentials');
  const { t: tp } = useTranslation('pages');
  const pair = useCurrentPair();
  const keys = useCredentials();
  if (!pair) return <EmptyState title={tp('placeholder.title')} description={tp('placeholder.noPair')} />;
  if (!keys.data) return <PageLoading />;
  const missingKey = (
    <EmptyState title={t('required.title', { pair: pair.name })} description={t('required.description')} action={<ImportApiKeyButton size="large" />} />
  );
  return keyForPair(keys.data, pair.id) ? children(pair, missingKey) : missingKey;
}
