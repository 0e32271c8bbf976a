import { KeyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Tooltip, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiKeysModal } from '@/features/credentials/components/api-keys-modal';
import { ImportApiKeyModal, type KeyFormChoices } from '@/features/credentials/components/import-api-key-modal';
import { useCoins } from '@/features/pairs/api/get-coins';
import { usePlatforms } from '@/features/pairs/api/get-platforms';
import { useCurrentPair } from '@/lib/current-pair';

/** The venues and the account's pairs, which the key forms choose from. */
function useKeyFormChoices(): KeyFormChoices {
  const platforms = usePlatforms();
  const coins = useCoins();
  return { platforms: platforms.data ?? [], coins: coins.data ?? [] };
}

/** "Import API key" (spec §1): in the top bar, and wherever a screen needs a key for the pair. */
export function ImportApiKeyButton(props: Pick<ButtonProps, 'type' | 'size' | 'block' | 'className'>) {
  const { t } = useTranslation('credentials');
  const [open, setOpen] = useState(false);
  const choices = useKeyFormChoices();
  const pair = useCurrentPair();
  return (
    <>
      <Button type="primary" icon={<KeyOutlined />} className="md-import-key" aria-label={t('import.open')} title={t('import.open')} {...props} onClick={() => setOpen(true)}>
        {t('import.open')}
      </Button>
      <ImportApiKeyModal open={open} onOpenChange={setOpen} defaultCoinId={pair?.id} {...choices} />
    </>
  );
}

/** "API key" (labelled in the phone menu): the account's keys, masked, with edit and verify; it leads to the import form as well. */
export function ApiKeysButton({ labelled = false }: { labelled?: boolean }) {
  const { t } = useTranslation('credentials');
  const [listOpen, setListOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const choices = useKeyFormChoices();
  const pair = useCurrentPair();
  return (
    <>
      {labelled ? (
        <Button block icon={<SafetyCertificateOutlined />} onClick={() => setListOpen(true)}>
          {t('list.title')}
        </Button>
      ) : (
        <Tooltip title={t('list.title')}>
          <Button type="text" icon={<SafetyCertificateOutlined />} aria-label={t('list.title')} onClick={() => setListOpen(true)} />
        </Tooltip>
      )}
      <ApiKeysModal
        open={listOpen}
        onClose={() => setListOpen(false)}
        onImport={() => {
          setListOpen(false);
          setImporting(true);
        }}
        {...choices}
      />
      <ImportApiKeyModal open={importing} onOpenChange={setImporting} defaultCoinId={pair?.id} {...choices} />
    </>
  );
}
