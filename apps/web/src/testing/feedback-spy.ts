import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { vi } from 'vitest';
import { setFeedback } from '@/lib/feedback';

/** Replaces the toasts with spies; returns them for assertions. */
export function spyOnFeedback() {
  const hide = vi.fn();
  const message = {
    error: vi.fn(),
    success: vi.fn(),
    info: vi.fn(),
    warning: vi.fn(),
    loading: vi.fn(() => hide),
    open: vi.fn(),
    destroy: vi.fn(),
  };
  setFeedback({ message: message as unknown as MessageInstance, notification: {} as NotificationInstance });
  return { message, hideLoading: hide };
}

/** The texts passed to message.error, whichever form the call used. */
export function errorTexts(error: ReturnType<typeof vi.fn>): string[] {
  return error.mock.calls.map(([arg]) => (typeof arg === 'object' && arg !== null ? String((arg as { content: unknown }).content) : String(arg)));
}
