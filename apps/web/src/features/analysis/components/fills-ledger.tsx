import { DownloadOutlined } from '@ant-design/icons';
import type { DeskFill, DeskFillsFilters, OrderSourceKind } from '@makerdesk/contract';
import { Button, Card, DatePicker, Flex, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { formatDateTime } from '@/lib/format-time';
import { formatFixed } from '@/lib/numbers';
import { downloadDeskFillsCsv, useDeskFills } from '@/market-data/api/get-desk-fills';
import { useDeskPnl } from '@/market-data/api/get-desk-pnl';
import { useTrading } from '@/market-data/components/trading-context';
import '../analysis-i18n';

type SourceFilter = 'all' | OrderSourceKind;

/**
 * The pair's fills ledger (DESK.md): every fill of the account, the bots' and the others', newest
 * first, with its fee as charged, that fee's value in quote and who made it; filtered by source, bot
 * and time, paged, and downloadable as CSV with the same filters.
 */
export function FillsLedger() {
  const { t } = useTranslation('analysis');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const [source, setSource] = useState<SourceFilter>('all');
  const [robotId, setRobotId] = useState<number | undefined>(undefined);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);
  const bots = useDeskPnl(pair.coinId, 'all').data?.bots ?? [];

  const filters: DeskFillsFilters = {
    coinId: pair.coinId,
    ...(source !== 'all' ? { source } : {}),
    ...(robotId !== undefined ? { robotId } : {}),
    ...(range ? { from: range[0].valueOf(), to: range[1].valueOf() } : {}),
  };
  const fills = useDeskFills({ ...filters, ...page });

  const sourceText = (s: DeskFill['source']) => (s.kind === 'bot' ? t('ledger.source.botNamed', { id: String(s.robotId), name: s.robotName ?? '' }) : t(`ledger.source.${s.kind}`));

  const download = async () => {
    setExporting(true);
    try {
      const name = await downloadDeskFillsCsv(filters);
      void feedback().message.success(t('export.done', { name }));
    } catch {
      // the request layer has shown the error
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card size="small" title={t('ledger.title')} className="md-fills-ledger" data-testid="fills-ledger">
      <Flex vertical gap={12}>
        <Flex wrap gap={8} align="center">
          <Select<SourceFilter>
            aria-label={t('ledger.filter.source')}
            value={source}
            style={{ minWidth: 150 }}
            onChange={(v) => {
              setSource(v);
              if (v !== 'bot' && v !== 'all') setRobotId(undefined);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            options={(['all', 'bot', 'manual', 'other'] as const).map((v) => ({ value: v, label: t(`ledger.filter.${v}`) }))}
          />
          <Select<number>
            aria-label={t('ledger.filter.bot')}
            allowClear
            placeholder={t('ledger.filter.bot')}
            value={robotId}
            style={{ minWidth: 170 }}
            disabled={source === 'manual' || source === 'other'}
            onChange={(v) => {
              setRobotId(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            options={bots.map((b) => ({ value: b.robotId, label: t('ledger.source.botNamed', { id: String(b.robotId), name: b.name }) }))}
          />
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={range}
            onChange={(values) => {
              setRange(values && values[0] && values[1] ? [values[0], values[1]] : null);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
          <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={exporting}>
            {t('ledger.export')}
          </Button>
        </Flex>
        <Table<DeskFill>
          size="small"
          rowKey="id"
          loading={fills.isLoading || fills.isPlaceholderData}
          dataSource={fills.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: fills.data?.total ?? 0,
            showSizeChanger: true,
            size: 'small',
            showTotal: (total) => t('ledger.total', { count: total }),
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
          columns={[
            { title: t('ledger.col.time'), dataIndex: 'at', render: (at: number) => formatDateTime(at) },
            { title: t('ledger.col.side'), dataIndex: 'side', render: (side: DeskFill['side']) => <Tag color={side === 'buy' ? 'green' : 'red'}>{t(`ledger.side.${side}`)}</Tag> },
            { title: t('ledger.col.price', { quote: pair.quote }), dataIndex: 'price', align: 'right', render: (v: string) => <span className="md-num">{formatFixed(v, precision.price)}</span> },
            { title: t('ledger.col.amount', { base: pair.base }), dataIndex: 'amount', align: 'right', render: (v: string) => <span className="md-num">{formatFixed(v, precision.amount)}</span> },
            {
              title: t('ledger.col.fee'),
              dataIndex: 'fee',
              align: 'right',
              responsive: ['sm'],
              render: (v: string | null, f) => (v === null ? tc('empty.value') : <span className="md-num">{`${v} ${f.feeAsset ?? ''}`.trim()}</span>),
            },
            {
              title: t('ledger.col.feeQuote', { quote: pair.quote }),
              dataIndex: 'feeQuote',
              align: 'right',
              render: (v: string | null) => (v === null ? <Typography.Text type="warning">{t('ledger.fee.unvalued')}</Typography.Text> : <span className="md-num">{formatFixed(v, Math.max(precision.price, 4))}</span>),
            },
            { title: t('ledger.col.source'), dataIndex: 'source', render: (s: DeskFill['source']) => sourceText(s) },
            { title: t('ledger.col.orderNo'), dataIndex: 'orderNo', responsive: ['md'], render: (v: string | null) => v ?? tc('empty.value') },
          ]}
        />
      </Flex>
    </Card>
  );
}
