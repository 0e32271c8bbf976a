import { endpoints } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { endSessionAndClearData } from '@/lib/auth';
import { feedback } from '@/lib/feedback';
import { i18n } from '@/lib/i18n';

/**
 * Logout (spec §4): a loading message while the server revokes the session; on success a success
 * message and every stored item cleared but theme and language. A failure keeps the session and
 * rethrows with its message; the loading message goes in every case.
 */
export async function logout(): Promise<void> {
  const hideLoading = feedback().message.loading(i18n.t('logout.loading', { ns: 'auth' }), 0);
  try {
    await call(endpoints.logout);
    endSessionAndClearData();
    void feedback().message.success(i18n.t('logout.success', { ns: 'auth' }));
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    hideLoading();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
