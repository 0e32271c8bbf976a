import type en from '../en_US/pairs';
import type { Messages } from '../types';

export default {
  'selector.placeholder': '选择交易对',
  'selector.empty': '该账户尚未绑定交易对',
  'selector.expired': '已到期',
  'selector.disabled': '已停用',
  'expiry.expired': '该交易对已于{{time}}前到期',
  'expiry.expiring': '该交易对将在{{time}}后到期',
  'expiry.advice': '请为该交易对续费，或选择其他交易对。',
  'bindings.title': '{{account}} 的交易对',
  'bindings.bound': '已绑定的交易对',
  'bindings.none': '尚未绑定交易对：该账户无法使用任何交易对。',
  'bindings.choose': '选择要绑定的交易对',
  'bindings.allBound': '所有交易对均已绑定',
  'bindings.bind': '绑定',
  'bindings.success': '绑定成功',
  'bindings.boundAt': '绑定于 {{time}}',
} satisfies Messages<typeof en>;
