import { LinkOutlined } from '@ant-design/icons';
import { MAIN_ACCOUNT } from '@makerdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PairBindings } from '@/features/pairs/components/pair-bindings';
import { getAdminsQueryOptions } from '@/features/users/api/get-admins';
import { useAuth } from '@/lib/auth';

/** Sub-accounts a desk has at most, for the picker; more go through backend settings. */
const ACCOUNT_PAGE = { current: 1, pageSize: 200 };

function BindPairModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const [accountId, setAccountId] = useState<number>();
  const accounts = useQuery({ ...getAdminsQueryOptions(ACCOUNT_PAGE), enabled: open });
  const subAccounts = (accounts.data?.list ?? []).filter((a) => a.mainAccountId !== MAIN_ACCOUNT);
  return (
    <Modal title={t('bindPair.title')} open={open} onCancel={onClose} footer={null} width={480} centered destroyOnHidden afterClose={() => setAccountId(undefined)}>
      <Typography.Paragraph type="secondary">{t('bindPair.description')}</Typography.Paragraph>
      <Select
        aria-label={t('bindPair.account')}
        style={{ width: '100%', marginBottom: 20 }}
        placeholder={t('bindPair.account')}
        loading={accounts.isLoading}
        value={accountId}
        onChange={setAccountId}
        showSearch
        optionFilterProp="label"
        notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bindPair.noAccounts')} />}
        options={subAccounts.map((a) => ({ value: a.id, label: `${a.employeeName} · ${a.account}` }))}
      />
      {accountId !== undefined && <PairBindings key={accountId} account={{ id: accountId }} />}
    </Modal>
  );
}

/** "Bind trading pair" (main accounts): which pairs each sub-account may trade, from the top bar. */
export function BindPairButton() {
  const { t } = useTranslation('layout');
  const { admin } = useAuth();
  const [open, setOpen] = useState(false);
  if (admin?.mainAccountId !== MAIN_ACCOUNT) return null;
  return (
    <>
      <Tooltip title={t('bindPair.title')}>
        <Button type="text" icon={<LinkOutlined />} className="md-bind-pair" aria-label={t('bindPair.title')} onClick={() => setOpen(true)} />
      </Tooltip>
      <BindPairModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
