import { storageKeys } from '@makerdesk/contract';
import { useMemo } from 'react';
import { storedValue, textCodec, useStoredValue } from './stored-value';

export interface CurrentPair {
  id: number;
  name: string;
}

const idCodec = {
  parse: (raw: string) => (/^\d+$/.test(raw) ? Number(raw) : undefined),
  serialize: (id: number) => String(id),
};

const pairId = storedValue<number | null>(storageKeys.currentPairId, idCodec, null);
const pairName = storedValue<string | null>(storageKeys.currentPairName, textCodec, null);

export function readCurrentPair(): CurrentPair | null {
  const id = pairId.get();
  const name = pairName.get();
  return id !== null && name !== null ? { id, name } : null;
}

export function selectCurrentPair(pair: CurrentPair): void {
  pairName.set(pair.name);
  pairId.set(pair.id);
}

export function clearCurrentPair(): void {
  pairId.clear();
  pairName.clear();
}

export function useCurrentPair(): CurrentPair | null {
  const id = useStoredValue(pairId);
  const name = useStoredValue(pairName);
  return useMemo(() => (id !== null && name !== null ? { id, name } : null), [id, name]);
}
