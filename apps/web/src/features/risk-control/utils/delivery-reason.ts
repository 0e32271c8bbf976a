import type { DeliveryFailure, DeliveryFailureCode } from '@makerdesk/contract';

/** Why a delivery failed, as the translation key and values the component translates. */
export function deliveryReason(reason: DeliveryFailure): [`why.${DeliveryFailureCode}`, { status: string }] {
  return [`why.${reason.code}`, { status: reason.status ?? '' }];
}
