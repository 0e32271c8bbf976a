import type { RobotDto, RobotUpdateRequest } from '@makerdesk/contract';
import { App, Popconfirm, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PRECISION } from '@/market-data/utils/precision';
import { useUpdateRobot } from '../api/update-robot';
import { withExposureConfirmation } from './exposure-confirm';
import '../robots-i18n';

/** The request that switches a bot on or off and changes nothing else (a past scheduled start becomes "now"). */
export function switchRequest(robot: RobotDto, status: RobotDto['status'], now = Date.now()): RobotUpdateRequest {
  const scheduled = robot.startMode === 'scheduled' && robot.startAt !== null && robot.startAt > now;
  return {
    id: robot.id,
    coinId: robot.coinId,
    type: robot.type,
    config: robot.config,
    status,
    startMode: scheduled ? 'scheduled' : 'now',
    ...(scheduled && robot.startAt !== null ? { startAt: robot.startAt } : {}),
    priceMode: robot.priceMode,
    description: robot.description,
  };
}

/**
 * A bot's switch (spec §3): `status` as the server has it, `checkLoading` while the user confirms
 * the change, `loading` while the PUT is in flight.
 */
export function RobotStatusSwitch({ robot }: { robot: RobotDto }) {
  const { t } = useTranslation('robots');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const update = useUpdateRobot();
  const [checkLoading, setCheckLoading] = useState(false);
  const loading = update.isPending;
  const running = robot.status === 'running';

  const change = async () => {
    setCheckLoading(false);
    const next = running ? 'stopped' : 'running';
    try {
      const request = switchRequest(robot, next);
      const saved = await withExposureConfirmation((confirm) => update.mutateAsync(confirm ? { ...request, confirmExposure: true } : request), modal, t, {
        coinId: robot.coinId,
        type: robot.type,
        config: robot.config,
        pair: { base: robot.coinName.split('/')[0] ?? '', quote: robot.coinName.split('/')[1] ?? '' },
        precision: DEFAULT_PRECISION,
        queryClient,
      });
      if (saved === null) return;
      void message.success(t(next === 'running' ? 'switch.started' : 'switch.stopped', { id: String(robot.id) }));
    } catch (error) {
      if (error instanceof Error) void message.error({ content: error.message, key: error.message });
    }
  };

  return (
    <Popconfirm
      title={t(running ? 'switch.stop.confirm' : 'switch.start.confirm')}
      description={running ? t('switch.stop.description') : undefined}
      open={checkLoading}
      onOpenChange={(open) => !loading && setCheckLoading(open)}
      onConfirm={change}
      onCancel={() => setCheckLoading(false)}
      okText={t('confirm.ok')}
      cancelText={t('confirm.cancel')}
      okButtonProps={running ? { danger: true } : undefined}
    >
      <Switch
        checked={running}
        // Spins while the user confirms (checkLoading) and while the change is sent (loading).
        loading={loading || checkLoading}
        aria-label={t('switch.label', { id: String(robot.id) })}
        data-check-loading={checkLoading || undefined}
        checkedChildren={t('form.switch.on')}
        unCheckedChildren={t('form.switch.off')}
      />
    </Popconfirm>
  );
}
