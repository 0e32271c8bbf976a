import { ExclamationCircleFilled } from '@ant-design/icons';
import { Descriptions, Typography } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

/** A fat-finger refusal of `code` (1030080 price band, 1030082 bot exposure) that a confirmation can lift. */
export function isGuardRefusal(err: unknown, code: number): err is ApiError {
  return err instanceof ApiError && err.code === code;
}

export interface GuardConfirmation {
  title: string;
  /** The server's refusal in the reader's language: it names the distance or exposure and the notional. */
  message: string;
  /** The figures to decide on (size, notional, balance, share). */
  rows: { label: string; value: ReactNode }[];
  okText: string;
  cancelText: string;
}

/**
 * The second confirmation of a guarded request: resolves true only when the user presses the (danger)
 * confirm button; closing or cancelling resolves false and nothing is sent.
 */
export function askGuardConfirmation(modal: HookAPI, c: GuardConfirmation): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title: c.title,
      icon: <ExclamationCircleFilled style={{ color: 'var(--ant-color-warning, #faad14)' }} />,
      width: 520,
      className: 'md-guard-confirm',
      content: (
        <div data-testid="guard-confirm">
          <Typography.Paragraph className="md-guard-message">{c.message}</Typography.Paragraph>
          <Descriptions size="small" column={1} bordered items={c.rows.map((r, i) => ({ key: String(i), label: r.label, children: r.value }))} />
        </div>
      ),
      okText: c.okText,
      okButtonProps: { danger: true },
      cancelText: c.cancelText,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
