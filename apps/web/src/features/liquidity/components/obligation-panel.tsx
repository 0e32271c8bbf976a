import {
  ALL_DAY,
  LIQUIDITY_BOUNDS,
  LIQUIDITY_HOURS,
  LIQUIDITY_DEPTH_BANDS,
  LIQUIDITY_PRESETS,
  liquidityObligationRequest,
  liquidityPresetIds,
  MAIN_ACCOUNT,
  type LiquidityObligation,
  type LiquidityObligationTerms,
  type LiquidityPresetId,
} from '@makerdesk/contract';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Segmented, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { feedback } from '@/lib/feedback';
import { formatDateTime } from '@/lib/format-time';
import { useSaveObligation } from '../api/liquidity-queries';
import { formatObligationHours } from '../utils/format';
import '../liquidity-i18n';

type FormValues = Required<LiquidityObligationTerms>;
const FIELDS: readonly string[] = ['maxSpreadBps', 'depthWithinPct', 'minDepthQuote', 'minUptimePct', 'period', 'fromHourUtc', 'toHourUtc'];
const EMPTY: FormValues = { ...LIQUIDITY_PRESETS.starter, ...ALL_DAY };
const FROM_HOURS = Array.from({ length: LIQUIDITY_HOURS.fromMax - LIQUIDITY_HOURS.fromMin + 1 }, (_, i) => LIQUIDITY_HOURS.fromMin + i);
const TO_HOURS = Array.from({ length: LIQUIDITY_HOURS.toMax - LIQUIDITY_HOURS.toMin + 1 }, (_, i) => LIQUIDITY_HOURS.toMin + i);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The pair's obligation: a form for the main account (presets as starting points), read-only for anyone else. */
export function ObligationPanel({ coinId, quote, obligation }: { coinId: number; quote: string; obligation: LiquidityObligation | null }) {
  const { t } = useTranslation('liquidity');
  const { admin } = useAuth();
  const mayEdit = admin?.mainAccountId === MAIN_ACCOUNT;

  return (
    <Card size="small" title={t('obligation.title')} className="md-liquidity-obligation" data-testid="liquidity-obligation" extra={obligation && <Typography.Text type="secondary">{t('obligation.updated', { time: formatDateTime(obligation.updatedAt) })}</Typography.Text>}>
      {mayEdit ? <ObligationForm coinId={coinId} quote={quote} obligation={obligation} /> : <ObligationView quote={quote} obligation={obligation} />}
    </Card>
  );
}

function ObligationView({ quote, obligation }: { quote: string; obligation: LiquidityObligation | null }) {
  const { t } = useTranslation('liquidity');
  if (!obligation) return <Typography.Text type="secondary">{t('obligation.none.restricted')}</Typography.Text>;
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('obligation.maxSpreadBps')}>{obligation.maxSpreadBps} bps</Descriptions.Item>
        <Descriptions.Item label={t('obligation.depthWithinPct')}>{obligation.depthWithinPct} %</Descriptions.Item>
        <Descriptions.Item label={t('obligation.minDepthQuote')}>
          {obligation.minDepthQuote} {quote}
        </Descriptions.Item>
        <Descriptions.Item label={t('obligation.minUptimePct')}>{obligation.minUptimePct} %</Descriptions.Item>
        <Descriptions.Item label={t('obligation.period')}>{t(`period.${obligation.period}.long`)}</Descriptions.Item>
        <Descriptions.Item label={t('obligation.hours')}>{formatObligationHours(obligation, t)}</Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('obligation.readOnly')}</Typography.Text>
    </>
  );
}

function termsOf(obligation: LiquidityObligation | null): FormValues {
  if (!obligation) return EMPTY;
  const { maxSpreadBps, depthWithinPct, minDepthQuote, minUptimePct, period, fromHourUtc = ALL_DAY.fromHourUtc, toHourUtc = ALL_DAY.toHourUtc } = obligation;
  return { maxSpreadBps, depthWithinPct, minDepthQuote, minUptimePct, period, fromHourUtc, toHourUtc };
}

/** A field checked by the contract's own schema for it, with a message that names the bounds. */
function contractRule(field: 'maxSpreadBps' | 'minDepthQuote' | 'minUptimePct', message: string): Rule {
  const schema = liquidityObligationRequest.shape[field];
  return { validator: (_: unknown, value: string | undefined) => (value !== undefined && schema.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(message))) };
}

function ObligationForm({ coinId, quote, obligation }: { coinId: number; quote: string; obligation: LiquidityObligation | null }) {
  const { t } = useTranslation('liquidity');
  const [form] = Form.useForm<FormValues>();
  const save = useSaveObligation();

  useEffect(() => {
    form.setFieldsValue(termsOf(obligation));
  }, [form, obligation]);

  const b = LIQUIDITY_BOUNDS;
  const submit = (values: FormValues) => {
    save.mutate(
      { coinId, ...values },
      {
        onSuccess: () => void feedback().message.success(t('obligation.saved')),
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields ?? []).filter((f) => FIELDS.includes(f.field)) : [];
          if (fields.length > 0) form.setFields(fields.map((f) => ({ name: f.field as keyof FormValues, errors: [error.message] })));
          else void feedback().message.error({ content: error.message, key: error.message });
        },
      },
    );
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={termsOf(obligation)} className="md-liquidity-form" requiredMark={false}>
      {!obligation && <Alert type="info" showIcon message={t('obligation.none')} style={{ marginBottom: 12 }} />}
      <Form.Item label={t('obligation.preset')}>
        <Select<LiquidityPresetId>
          aria-label={t('obligation.preset')}
          placeholder={t('obligation.preset.placeholder')}
          options={liquidityPresetIds.map((id) => ({ value: id, label: t(`obligation.preset.${id}`) }))}
          onChange={(id) => form.setFieldsValue({ ...LIQUIDITY_PRESETS[id] })}
          style={{ maxWidth: 420 }}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="maxSpreadBps" label={t('obligation.maxSpreadBps')} rules={[contractRule('maxSpreadBps', t('obligation.invalid.spread', { min: b.maxSpreadBps.min, max: b.maxSpreadBps.max }))]}>
            <Input inputMode="decimal" suffix="bps" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="depthWithinPct" label={t('obligation.depthWithinPct')}>
            <Select options={LIQUIDITY_DEPTH_BANDS.map((band) => ({ value: band, label: `${band} %` }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name="minDepthQuote"
            label={t('obligation.minDepthQuote')}
            rules={[contractRule('minDepthQuote', t('obligation.invalid.depth', { min: b.minDepthQuote.min, max: b.minDepthQuote.max, decimals: String(b.minDepthQuote.decimals) }))]}
          >
            <Input inputMode="decimal" suffix={quote} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="minUptimePct" label={t('obligation.minUptimePct')} rules={[contractRule('minUptimePct', t('obligation.invalid.uptime', { min: b.minUptimePct.min, max: b.minUptimePct.max }))]}>
            <Input inputMode="decimal" suffix="%" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item name="period" label={t('obligation.period')}>
            <Segmented
              options={[
                { value: 'day', label: t('period.day.long') },
                { value: 'month', label: t('period.month.long') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12} lg={6}>
          <Form.Item name="fromHourUtc" label={t('obligation.fromHourUtc')} tooltip={t('obligation.hours.tooltip')}>
            <Select options={FROM_HOURS.map((h) => ({ value: h, label: hourLabel(h) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12} lg={6}>
          <Form.Item
            name="toHourUtc"
            label={t('obligation.toHourUtc')}
            dependencies={['fromHourUtc']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_: unknown, value: number | undefined) =>
                  value !== undefined && value > Number(getFieldValue('fromHourUtc')) ? Promise.resolve() : Promise.reject(new Error(t('obligation.invalid.hours'))),
              }),
            ]}
          >
            <Select options={TO_HOURS.map((h) => ({ value: h, label: hourLabel(h) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('obligation.save')}
      </Button>
    </Form>
  );
}
