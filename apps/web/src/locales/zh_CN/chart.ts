import type en from '../en_US/chart';
import type { Messages } from '../types';

export default {
  'title': 'K线',
  'interval.label': '周期',
  'legend.open': '开',
  'legend.high': '高',
  'legend.low': '低',
  'legend.close': '收',
  'legend.volume': '量',
  'state.loading': '正在加载K线…',
  'state.noSymbol': '请选择交易对以查看K线。',
  'state.empty': '{{symbol}} 暂无成交：首笔成交后将显示K线。',
  'state.unavailable': '{{symbol}} 暂无K线数据。',
  'state.offline': '无法连接服务器，正在重试…',
} satisfies Messages<typeof en>;
