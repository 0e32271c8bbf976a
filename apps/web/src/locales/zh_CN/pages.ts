import type en from '../en_US/pages';
import type { Messages } from '../types';

export default {
  'placeholder.title': '暂无内容',
  'placeholder.noPair': '请先在顶栏选择交易对。',
  'placeholder.pair': '交易对：{{pair}}',
  'robot.description': '所选交易对上部署的机器人将在这里列出，并可查看状态与操作。',
} satisfies Messages<typeof en>;
