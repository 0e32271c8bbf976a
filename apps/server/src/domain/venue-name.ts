import type { ApiKeyMaterial } from './key-material.ts';

/** The venue a key reaches, as people name it: its platform, and its sandbox or API base when it has one. */
export function venueOf(material: Pick<ApiKeyMaterial, 'platformCode' | 'sandbox' | 'apiBaseUrl'>): string {
  return `${material.platformCode}${material.sandbox ? ' (sandbox)' : ''}${material.apiBaseUrl ? ` @ ${material.apiBaseUrl}` : ''}`;
}
