import { PageContainer } from '@ant-design/pro-components';
import type { AdminUser } from '@makerdesk/contract';
import { useState } from 'react';
import { BindPairsDrawer } from '@/features/pairs/components/bind-pairs-drawer';
import { UsersTable } from '@/features/users/components/users-table';

/** Backend settings: the accounts table, with each sub-account's pair bindings in a drawer. */
export default function BackendSettingsPage() {
  const [bindingFor, setBindingFor] = useState<AdminUser | null>(null);
  return (
    <PageContainer>
      <UsersTable onManagePairs={setBindingFor} />
      <BindPairsDrawer account={bindingFor} onClose={() => setBindingFor(null)} />
    </PageContainer>
  );
}
