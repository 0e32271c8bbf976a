import type en from '../en_US/pages';
import type { Messages } from '../types';

export default {
  'placeholder.title': '暂无内容',
  'placeholder.noPair': '请先在顶栏选择交易对。',
} satisfies Messages<typeof en>;
