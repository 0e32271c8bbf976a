import { ProForm } from '@ant-design/pro-components';
import { SCHEDULED_START_MIN_MINUTES, type RobotDto, type RobotTypeItem, type RobotUpdateRequest } from '@makerdesk/contract';
import { fractionToPercent } from '@makerdesk/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Divider, Flex, Form, Input, Radio, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-time';
import { formatFixed, formatPlain } from '@/lib/numbers';
import { usePrice } from '@/market-data/api/get-price';
import { useTrading } from '@/market-data/components/trading-context';
import { fetchReferencePrices } from '../api/get-reference-prices';
import { useReferenceVenues } from '../api/get-reference-venues';
import { useUpdateRobot } from '../api/update-robot';
import { withExposureConfirmation } from './exposure-confirm';
import { cachedConfigIssues, issueText } from '../config-form/config-issues';
import { ConfigFields, type ConfigRule, type FieldContext } from '../config-form/config-fields';
import { configOf, namePathOf } from '../config-form/config-values';
import { fieldsOf, localText, orderAmountPaths, unitAt } from '../config-form/schema-fields';
import { mappedPrice, priceGap, referenceLegs, referencePrice } from '../utils/price-gap';
import { ask } from './confirm';
import '../robots-i18n';

const MINUTE = 60_000;

interface FormValues {
  config: Record<string, unknown>;
  running: boolean;
  startMode: 'now' | 'scheduled';
  startAt?: number;
  priceMode: 'normal' | 'safe';
  description?: string;
}

interface RobotFormProps {
  type: RobotTypeItem;
  /** The bot being edited; absent for a new one. */
  editing?: RobotDto | null;
  onSaved: (id: number) => void;
}

function initialValues(type: RobotTypeItem, editing: RobotDto | null | undefined): FormValues {
  if (!editing) return { config: type.defaults, running: true, startMode: 'now', priceMode: 'normal', description: '' };
  const scheduled = editing.startMode === 'scheduled' && editing.startAt !== null && editing.startAt > Date.now();
  return {
    config: editing.config,
    running: editing.status === 'running',
    startMode: scheduled ? 'scheduled' : 'now',
    startAt: scheduled ? (editing.startAt ?? undefined) : undefined,
    priceMode: editing.priceMode,
    description: editing.description,
  };
}

/** A gap (a fraction) as the house writes a share: at most 2 decimals, separators, its % sign ('5.01 %'). */
function percentOf(fraction: string, t: (key: 'unit.percentValue', options: { value: string }) => string): string {
  return t('unit.percentValue', { value: formatPlain(fractionToPercent(fraction, 2)) });
}

/**
 * The form of one bot type, generated from its JSON Schema and checked as the user types with the
 * contract's own config schema; then the 5 % price-gap confirmation (follow types) and a second
 * confirmation before PUT /robot/update (spec §5).
 */
export function RobotForm({ type, editing, onSaved }: RobotFormProps) {
  const { t, i18n } = useTranslation('robots');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { pair, precision } = useTrading();
  const [form] = Form.useForm<FormValues>();
  const update = useUpdateRobot();
  const lang = i18n.language;
  const fields = useMemo(() => fieldsOf(type.schema), [type.schema]);
  const name = localText({ en: type.name, zh: type.nameZh }, lang);

  const startsAt = useCallback(() => {
    const mode = form.getFieldValue('startMode') as FormValues['startMode'];
    const at = form.getFieldValue('startAt') as number | undefined;
    return mode === 'scheduled' && at ? at : Date.now();
  }, [form]);

  const issuesNow = useCallback(() => cachedConfigIssues(type.type, configOf(form.getFieldValue('config')), startsAt()), [form, type.type, startsAt]);

  const rulesFor = useCallback(
    (field: string): ConfigRule[] => [
      {
        validator: async () => {
          const issue = issuesNow().find((i) => i.field === field);
          if (issue) throw new Error(issueText(issue.message, t, unitAt(fields, field)));
        },
      },
    ],
    [issuesNow, t, fields],
  );

  const venues = useReferenceVenues();
  const price = usePrice(pair.coinId);
  const minAmountValue = price.data?.minAmount ?? undefined;
  const minAmount = useCallback(() => minAmountValue, [minAmountValue]);
  // An order amount typed before the pair's minimum was known is checked again once it is (only those fields).
  const amountNames = useMemo(() => orderAmountPaths(fields).map((path) => ['config', ...path]), [fields]);
  useEffect(() => {
    if (minAmountValue !== undefined && amountNames.length > 0) form.validateFields(amountNames, { dirty: true }).catch(() => undefined);
  }, [form, minAmountValue, amountNames]);
  const ctx: FieldContext = useMemo(
    () => ({ base: pair.base, quote: pair.quote, lang, rulesFor, venues, minAmount }),
    [pair.base, pair.quote, lang, rulesFor, venues, minAmount],
  );

  /** A change can make or mend an issue on another field (min against max): those fields are checked again. */
  const recheck = () => {
    const names = new Map<string, (string | number)[]>();
    for (const issue of issuesNow()) names.set(issue.field, ['config', ...namePathOf(issue.field)]);
    for (const { name: fieldName, errors } of form.getFieldsError()) {
      if (errors.length > 0 && fieldName[0] === 'config') names.set(fieldName.join('.'), fieldName);
    }
    if (names.size > 0) form.validateFields([...names.values()]).catch(() => undefined);
  };

  const confirmGap = async (): Promise<boolean> => {
    if (!type.follows) return true;
    const cfg = configOf(form.getFieldValue('config'));
    const legs = referenceLegs(cfg);
    const prices = await fetchReferencePrices(queryClient, pair.coinId, legs).catch(() => null);
    const reference = prices && referencePrice(legs, prices.priceOf);
    const mapped = reference && mappedPrice(reference, cfg.priceMappingRatio);
    const gap = mapped && prices?.current ? priceGap(mapped, prices.current) : null;
    if (!gap?.needsConfirmation) return true;
    return ask(modal, {
      title: t('confirm.gap.title', { gap: percentOf(gap.gap, t) }),
      content: t('confirm.gap.content', { mapped: formatFixed(gap.mapped, precision.price), current: formatFixed(gap.current, precision.price), quote: pair.quote }),
      okText: t('confirm.gap.ok'),
      cancelText: t('confirm.cancel'),
    });
  };

  const confirmDeploy = (values: FormValues): Promise<boolean> => {
    const start = !values.running
      ? t('confirm.start.off')
      : values.startMode === 'scheduled' && values.startAt
        ? t('confirm.start.at', { time: formatDateTime(values.startAt) })
        : t('confirm.start.now');
    return ask(modal, {
      title: t(editing ? 'confirm.update.title' : 'confirm.deploy.title'),
      content:
        type.category === 'risk_control'
          ? t('confirm.deploy.content.watch', { name, pair: pair.name, start })
          : t('confirm.deploy.content', { name, pair: pair.name, start, priceMode: t(`form.priceMode.${values.priceMode}`) }),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
    });
  };

  const showServerError = (error: unknown) => {
    if (error instanceof ApiError && error.fields && error.fields.length > 0) {
      const known = new Set(form.getFieldsError().map((f) => f.name.join('.')));
      const onFields = error.fields
        .map((f) => {
          const path = f.field.replace(/^body\./, '');
          const formName = path.startsWith('config.') || ['startAt', 'description', 'startMode', 'priceMode'].includes(path) ? namePathOf(path) : ['config', ...namePathOf(path)];
          return { name: formName, errors: [issueText(f.message, t, unitAt(fields, formName.slice(1).join('.')))] };
        })
        .filter((f) => known.has(f.name.join('.')));
      if (onFields.length > 0) {
        form.setFields(onFields);
        void message.error(t('submit.fieldErrors'));
        return;
      }
    }
    if (error instanceof Error) void message.error({ content: error.message, key: error.message });
  };

  const submit = async (values: FormValues) => {
    // The store's config, not only the mounted fields': a field hidden by `x-show-when` keeps its value.
    const cfg = configOf(form.getFieldValue('config'));
    if (cachedConfigIssues(type.type, cfg, startsAt()).length > 0) {
      recheck();
      void message.error(t('submit.fieldErrors'));
      return;
    }
    if (!(await confirmGap())) return;
    if (!(await confirmDeploy(values))) return;
    const request: RobotUpdateRequest = {
      ...(editing ? { id: editing.id } : {}),
      coinId: pair.coinId,
      type: type.type,
      config: cfg,
      status: values.running ? 'running' : 'stopped',
      startMode: values.startMode,
      ...(values.startMode === 'scheduled' && values.startAt ? { startAt: values.startAt } : {}),
      priceMode: values.priceMode,
      description: (values.description ?? '').trim(),
    };
    try {
      const saved = await withExposureConfirmation((confirm) => update.mutateAsync(confirm ? { ...request, confirmExposure: true } : request), modal, t, {
        coinId: pair.coinId,
        type: type.type,
        config: cfg,
        pair,
        precision,
        queryClient,
      });
      if (saved === null) return;
      const { id } = saved;
      void message.success(t(editing ? 'submit.updated' : 'submit.created', { id: String(id) }));
      onSaved(id);
    } catch (error) {
      showServerError(error);
    }
  };

  return (
    <ProForm<FormValues>
      form={form}
      layout="vertical"
      aria-label={t('form.label')}
      name={`robot-${type.type}`}
      initialValues={initialValues(type, editing)}
      onValuesChange={recheck}
      onFinish={submit}
      onFinishFailed={() => void message.error(t('submit.fieldErrors'))}
      scrollToFirstError
      submitter={{
        render: () => (
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t(editing ? 'form.submit.update' : 'form.submit.create')}
            </Button>
            {!editing && (
              <Button onClick={() => form.resetFields()} disabled={update.isPending}>
                {t('form.reset')}
              </Button>
            )}
          </Flex>
        ),
      }}
    >
      <Divider orientation="left" orientationMargin={0} className="md-robot-divider">
        {t('form.section.strategy')}
      </Divider>
      <ConfigFields fields={fields} ctx={ctx} />
      {type.follows && <FollowGapLine type={type} />}
      <Divider orientation="left" orientationMargin={0} className="md-robot-divider">
        {t('form.section.run')}
      </Divider>
      <RunFields priceModeApplies={type.category !== 'risk_control'} />
    </ProForm>
  );
}

/** The live mapped price of a follow config against the pair's price, for the line under its fields. */
function useFollowGap(type: RobotTypeItem, formConfig: unknown) {
  const { pair } = useTrading();
  const queryClient = useQueryClient();
  const cfg = configOf(formConfig);
  const legs = referenceLegs(cfg);
  const legsKey = legs.map((l) => `${l.platform}:${l.symbol}`).join(',');
  const prices = useQuery({
    queryKey: ['robots', pair.coinId, 'reference', legsKey],
    queryFn: () => fetchReferencePrices(queryClient, pair.coinId, legs),
    enabled: type.follows && legs.length > 0,
    refetchInterval: 5_000,
  });
  const reference = prices.data ? referencePrice(legs, prices.data.priceOf) : null;
  const mapped = reference ? mappedPrice(reference, cfg.priceMappingRatio) : null;
  const gap = mapped && prices.data?.current ? priceGap(mapped, prices.data.current) : null;
  return { gap, reference, ratio: typeof cfg.priceMappingRatio === 'string' ? cfg.priceMappingRatio : String(cfg.priceMappingRatio ?? ''), loading: prices.isLoading };
}

/** The mapped price under a follow type's fields; it alone follows every change of the config. */
function FollowGapLine({ type }: { type: RobotTypeItem }) {
  const { t } = useTranslation('robots');
  const { pair, precision } = useTrading();
  const form = Form.useFormInstance<FormValues>();
  const { gap, reference, ratio, loading } = useFollowGap(type, Form.useWatch('config', form));
  if (loading) return null;
  if (!gap || !reference) return <Alert type="info" showIcon className="md-robot-gap" message={t('form.mappedPrice.unknown')} />;
  return (
    <Alert
      type={gap.needsConfirmation ? 'warning' : 'info'}
      showIcon
      className="md-robot-gap"
      message={t('form.mappedPrice', {
        mapped: formatFixed(gap.mapped, precision.price),
        reference: formatFixed(reference, precision.price),
        ratio,
        current: formatFixed(gap.current, precision.price),
        quote: pair.quote,
        gap: percentOf(gap.gap, t),
      })}
    />
  );
}

/**
 * Fields every bot has: the switch, start now or at a time at least a minute ahead, price mode, description.
 * Risk-control bots place no orders: their price mode is kept (normal) but not shown.
 */
function RunFields({ priceModeApplies }: { priceModeApplies: boolean }) {
  const { t } = useTranslation('robots');
  const form = Form.useFormInstance<FormValues>();
  const startMode = Form.useWatch('startMode', form);
  const priceMode = Form.useWatch('priceMode', form);
  return (
    <>
      <Flex gap={32} wrap>
        <Form.Item name="running" label={t('form.switch')} valuePropName="checked" extra={t('form.switch.help')}>
          <Switch checkedChildren={t('form.switch.on')} unCheckedChildren={t('form.switch.off')} />
        </Form.Item>
        <Form.Item name="startMode" label={t('form.startMode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'now', label: t('form.startMode.now') },
              { value: 'scheduled', label: t('form.startMode.scheduled') },
            ]}
          />
        </Form.Item>
        {startMode === 'scheduled' && (
          <Form.Item
            name="startAt"
            label={t('form.startAt')}
            required
            getValueProps={(value: unknown) => ({ value: typeof value === 'number' ? dayjs(value) : undefined })}
            normalize={(value: Dayjs | null) => (value ? value.valueOf() : undefined)}
            rules={[
              {
                validator: async (_, value?: number) => {
                  if (!value) throw new Error(t('start.required'));
                  if (value < Date.now() + SCHEDULED_START_MIN_MINUTES * MINUTE) throw new Error(t('start.atLeast', { minutes: String(SCHEDULED_START_MIN_MINUTES) }));
                },
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              style={{ minWidth: 200 }}
            />
          </Form.Item>
        )}
        <Form.Item name="priceMode" label={t('form.priceMode')} hidden={!priceModeApplies}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'normal', label: t('form.priceMode.normal') },
              { value: 'safe', label: t('form.priceMode.safe') },
            ]}
          />
        </Form.Item>
      </Flex>
      {priceModeApplies && (
        <Typography.Paragraph type="secondary" className="md-robot-price-mode">
          {t(priceMode === 'safe' ? 'form.priceMode.safe.help' : 'form.priceMode.normal.help')}
        </Typography.Paragraph>
      )}
      <Form.Item name="description" label={t('form.description')}>
        <Input.TextArea maxLength={200} showCount rows={2} placeholder={t('form.description.placeholder')} />
      </Form.Item>
    </>
  );
}
