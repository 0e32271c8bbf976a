import { StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Tooltip, type ButtonProps, type ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { useEmergencyStop } from '../api/emergency-stop';
import { getEmergencyStopPreviewQueryOptions } from '../api/get-emergency-stop-preview';
import { stopSummary } from '../utils/stop-summary';

interface EmergencyStopButtonProps {
  /** The pair to stop; no pair: the button is disabled. */
  pair: { id: number; name: string } | null;
  /** Icon only (narrow bars); the name shows as a tooltip. */
  compact?: boolean;
  size?: ButtonProps['size'];
}

function ask(modal: HookAPI, props: ModalFuncProps): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({ ...props, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });
}

/**
 * The emergency stop of a pair: asks (naming the pair and how many bots run), stops every bot of the
 * pair the account may stop and cancels their orders, then, when the account has manual orders open
 * on the pair, asks separately whether to cancel those too. The result toast gives the counts and the
 * time to the last acknowledged cancel; what could not be confirmed is said by reason. Errors come as
 * the server's words (the request layer shows them).
 */
export function EmergencyStopButton({ pair, compact = false, size }: EmergencyStopButtonProps) {
  const { t } = useTranslation('emergencyStop');
  const [modal, contextHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const stop = useEmergencyStop();
  const [busy, setBusy] = useState(false);

  const show = (result: Awaited<ReturnType<typeof stop.mutateAsync>>, name: string) => {
    const summary = stopSummary(result, name);
    const [first, ...rest] = summary.lines.map(([key, values]) => t(key as 'result.stopped', values));
    feedback().notification[summary.level]({
      message: first,
      description: (
        <div className="md-estop-result" data-testid="emergency-stop-result">
          {rest.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      ),
    });
  };

  const run = async () => {
    if (!pair) return;
    // Busy while a request runs, not while a question waits for an answer.
    const busyWith = async <T,>(work: Promise<T>): Promise<T> => {
      setBusy(true);
      try {
        return await work;
      } finally {
        setBusy(false);
      }
    };
    try {
      const preview = await busyWith(queryClient.fetchQuery(getEmergencyStopPreviewQueryOptions(pair.id)));
      const confirmed = await ask(modal, {
        title: t('confirm.title', { pair: pair.name }),
        content: (
          <>
            <p>{t('confirm.bots', { count: preview.runningRobots, pair: pair.name })}</p>
            {preview.otherAccountsRobots > 0 && <p>{t('confirm.otherAccounts', { count: preview.otherAccountsRobots })}</p>}
            {preview.runningMonitors > 0 && <p>{t('confirm.monitorsKept', { count: preview.runningMonitors })}</p>}
            <p>{t('confirm.manualApart')}</p>
          </>
        ),
        okText: t('confirm.ok'),
        okButtonProps: { danger: true },
        cancelText: t('confirm.cancel'),
        icon: <StopOutlined style={{ color: 'var(--ant-color-error, #ff4d4f)' }} />,
        centered: true,
      });
      if (!confirmed) return;
      const result = await busyWith(stop.mutateAsync({ coinId: pair.id }));
      show(result, pair.name);
      if (result.manualOpenOrders > 0) {
        const alsoManual = await ask(modal, {
          title: t('manual.title', { count: result.manualOpenOrders }),
          content: t('manual.content', { pair: pair.name }),
          okText: t('manual.ok'),
          okButtonProps: { danger: true },
          cancelText: t('manual.keep'),
          centered: true,
        });
        if (alsoManual) show(await busyWith(stop.mutateAsync({ coinId: pair.id, cancelManual: true })), pair.name);
      }
    } catch {
      // The request layer has shown the server's words (or the timeout, or the network) already.
    }
  };

  const label = t('button');
  const button = (
    <Button danger type="primary" size={size} icon={<StopOutlined />} loading={busy} disabled={!pair} onClick={() => void run()} aria-label={label} className="md-estop-button">
      {compact ? null : label}
    </Button>
  );
  return (
    <>
      {compact || !pair ? <Tooltip title={pair ? label : t('noPair')}>{button}</Tooltip> : button}
      {contextHolder}
    </>
  );
}
