import type { ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';

/** A confirmation dialog as a promise: true when the user confirms, false when they cancel or close it. */
export function ask(modal: HookAPI, props: ModalFuncProps): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({ ...props, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });
}
