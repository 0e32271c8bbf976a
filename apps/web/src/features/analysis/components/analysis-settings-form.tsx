import { ANALYSIS_CYCLE_HOURS_MAX, ANALYSIS_CYCLE_HOURS_MIN, isStartingAmount, type AnalysisSettings } from '@makerdesk/contract';
import { Button, Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { feedback } from '@/lib/feedback';
import { useSaveAnalysisSettings } from '../api/save-analysis-settings';
import '../analysis-i18n';

interface FormValues {
  initialFunds: string;
  initialToken: string;
  cycleHours: number | null;
}

const FIELDS: readonly (keyof FormValues)[] = ['initialFunds', 'initialToken', 'cycleHours'];

function toValues(settings: AnalysisSettings): FormValues {
  return { initialFunds: settings.initialFunds ?? '', initialToken: settings.initialToken ?? '', cycleHours: settings.cycleHours };
}

/** Initial funds and token (empty: the first snapshot's) and the data cycle in hours; errors on their fields. */
export function AnalysisSettingsForm({ coinId, settings, base, quote, firstFunds, firstToken }: { coinId: number; settings: AnalysisSettings; base: string; quote: string; firstFunds: string | null; firstToken: string | null }) {
  const { t } = useTranslation('analysis');
  const [form] = Form.useForm<FormValues>();
  const save = useSaveAnalysisSettings();

  useEffect(() => {
    form.setFieldsValue(toValues(settings));
  }, [form, settings]);

  const amountRule = { validator: (_: unknown, value: string | undefined) => (!value || isStartingAmount(value) ? Promise.resolve() : Promise.reject(new Error(t('settings.amount.invalid')))) };

  const submit = (values: FormValues) => {
    const blank = (v: string) => (v.trim() === '' ? null : v.trim());
    save.mutate(
      { coinId, initialFunds: blank(values.initialFunds ?? ''), initialToken: blank(values.initialToken ?? ''), cycleHours: values.cycleHours ?? Number.NaN },
      {
        onSuccess: () => void feedback().message.success(t('settings.saved')),
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields ?? []).filter((f) => (FIELDS as readonly string[]).includes(f.field)) : [];
          if (fields.length > 0) form.setFields(fields.map((f) => ({ name: f.field as keyof FormValues, errors: [error.message] })));
          else void feedback().message.error({ content: error.message, key: error.message });
        },
      },
    );
  };

  return (
    <Form form={form} layout="inline" onFinish={submit} initialValues={toValues(settings)} className="md-analysis-settings" style={{ rowGap: 8 }}>
      <Form.Item name="initialFunds" label={t('settings.initialFunds')} tooltip={t('settings.initialFunds.tooltip', { quote })} rules={[amountRule]}>
        <Input inputMode="decimal" suffix={quote} style={{ width: 260 }} placeholder={firstFunds ? t('settings.firstSnapshot', { value: firstFunds }) : undefined} />
      </Form.Item>
      <Form.Item name="initialToken" label={t('settings.initialToken')} tooltip={t('settings.initialToken.tooltip', { base })} rules={[amountRule]}>
        <Input inputMode="decimal" suffix={base} style={{ width: 260 }} placeholder={firstToken ? t('settings.firstSnapshot', { value: firstToken }) : undefined} />
      </Form.Item>
      <Form.Item
        name="cycleHours"
        label={t('settings.cycle')}
        tooltip={t('settings.cycle.tooltip')}
        rules={[
          {
            required: true,
            type: 'integer',
            min: ANALYSIS_CYCLE_HOURS_MIN,
            max: ANALYSIS_CYCLE_HOURS_MAX,
            message: t('settings.cycle.invalid', { min: String(ANALYSIS_CYCLE_HOURS_MIN), max: String(ANALYSIS_CYCLE_HOURS_MAX) }),
          },
        ]}
      >
        <InputNumber min={ANALYSIS_CYCLE_HOURS_MIN} max={ANALYSIS_CYCLE_HOURS_MAX} precision={0} addonAfter={t('settings.hours')} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('settings.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
