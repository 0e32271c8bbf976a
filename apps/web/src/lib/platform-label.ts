import type { Platform } from '@makerdesk/contract';
import type { TFunction } from 'i18next';

export const SIM_PLATFORM_CODE = 'sim';

/** How a platform connects: the simulator, the venue's own API, its sandbox, or a custom API base. */
export function platformMode(platform: Platform): 'simulator' | 'live' | 'sandbox' | 'custom' {
  if (platform.code === SIM_PLATFORM_CODE) return 'simulator';
  if (platform.apiBaseUrl) return 'custom';
  return platform.sandbox ? 'sandbox' : 'live';
}

/** The platform's name, with its mode where two platforms could share one venue. */
export function platformLabel(platform: Platform, t: TFunction<'pairs'>): string {
  const mode = platformMode(platform);
  return mode === 'sandbox' || mode === 'custom' ? `${platform.name} (${t(`admin.platforms.mode.${mode}`)})` : platform.name;
}
