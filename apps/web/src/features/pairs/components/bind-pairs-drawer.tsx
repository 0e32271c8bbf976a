import type { AdminUser } from '@makerdesk/contract';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { PairBindings } from './pair-bindings';

interface BindPairsDrawerProps {
  /** The account whose pairs are shown; null keeps the drawer closed. */
  account: AdminUser | null;
  onClose: () => void;
}

/** Backend settings' pair bindings of one sub-account, in a drawer. */
export function BindPairsDrawer({ account, onClose }: BindPairsDrawerProps) {
  const { t } = useTranslation('pairs');
  return (
    <Drawer open={account !== null} onClose={onClose} title={account ? t('bindings.title', { account: account.account }) : null} width={440} destroyOnHidden>
      {account && <PairBindings account={account} />}
    </Drawer>
  );
}
