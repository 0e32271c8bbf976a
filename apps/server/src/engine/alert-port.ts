import type { ServerText } from '@makerdesk/contract';
import type { AlertPort } from '@makerdesk/engine';
import type { IncidentSeam } from './incident-port.ts';

/**
 * The account's alert dispatcher, as the engine host takes it (`EngineHostDeps.alertDispatcher`,
 * given by services.ts): every risk-control notice is persisted and delivered to the account's
 * Telegram / webhook / e-mail channels. Without it notices are written to the trading log only (the
 * runtime writes that line before it calls the port, in both cases).
 */
export interface AlertDispatcherSeam {
  raise(alert: { adminId: number; coinId: number; robotId?: number; level: 'info' | 'warn' | 'error'; title: string; text: string; message?: { title: ServerText; text: ServerText } }): Promise<unknown>;
}

/**
 * The engine's AlertPort over the dispatcher; undefined without one (the engine then logs only).
 * Every alert a monitor raises is also an incident of its pair (the incident centre's bell).
 */
export function alertPortFor(dispatcher: AlertDispatcherSeam | undefined, incidents?: Pick<IncidentSeam, 'monitorAlert'>): AlertPort | undefined {
  if (!dispatcher && !incidents) return undefined;
  return {
    // The server texts go along: the incident and each channel read them in their own language.
    raise: async ({ adminId, coinId, robotId, level, title, text, message }) => {
      const texts = message ? { message } : {};
      await incidents?.monitorAlert({ adminId, coinId, ...(robotId !== undefined ? { robotId } : {}), level, title, text, ...texts });
      await dispatcher?.raise({ adminId, coinId, robotId, level, title, text, ...texts });
    },
  };
}
