import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Coin, Platform } from '@makerdesk/contract';
import { AutoComplete, Button, Card, Col, Collapse, DatePicker, Flex, Form, Input, InputNumber, Radio, Row, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PercentInput } from '@/components/percent-input';
import { formatBps, formatPlain } from '@/lib/numbers';
import { minimumAmountRule } from '@/lib/validation';
import { boundText } from './config-issues';
import { namePathOf } from './config-values';
import { referencePairOptions, referencePlatformOptions } from './reference-options';
import { isSpreadField, localText, type ChoiceField, type ConfigField, type GroupField, type ListField, type ValueField } from './schema-fields';
import '../robots-i18n';

type NamePath = (string | number)[];

/** A rule that checks the whole config and reports this field's issue (fits Form.Item and Form.List). */
export interface ConfigRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

export interface FieldContext {
  /** The pair's assets, for the units of amounts and prices. */
  base: string;
  quote: string;
  lang: string;
  /** The rules of the field at this dotted config path ('legs.0.symbol'). */
  rulesFor: (field: string) => ConfigRule[];
  /** The platforms and pairs a follow bot's reference (`platform`, `symbol`) is picked from. */
  venues?: { platforms: Platform[]; coins: Coin[] };
  /** The pair's minimum order amount (base), for the order amount fields; undefined while unknown. */
  minAmount?: () => string | undefined;
}

const COL = { xs: 24, md: 12, xl: 8 } as const;

type UnitKey = 'unit.percent' | 'unit.ratio' | 'unit.seconds' | 'unit.minutes' | 'unit.hours';

/** `asset`: the asset the same row's `asset` choice names (a balance threshold's base or quote). */
function unitLabel(field: ValueField, ctx: FieldContext, t: (key: UnitKey) => string, rowAsset: unknown): string | undefined {
  switch (field.unit) {
    case 'asset':
      return rowAsset === 'base' ? ctx.base : rowAsset === 'quote' ? ctx.quote : undefined;
    case 'base':
      return ctx.base;
    case 'quote':
    case 'price':
      return ctx.quote;
    case 'percent':
      return t('unit.percent');
    case 'ratio':
      return t('unit.ratio');
    case 'seconds':
      return t('unit.seconds');
    case 'minutes':
      return t('unit.minutes');
    case 'hours':
      return t('unit.hours');
    default:
      return undefined;
  }
}

/** What a field's bounds are, said under it in the unit it is typed in (a fraction's bounds in percent). */
function FieldHint({ field }: { field: ValueField }) {
  const { t } = useTranslation('robots');
  if (field.min === undefined || field.max === undefined) return null;
  const bounds = { min: boundText(field.min, field.unit, t), max: boundText(field.max, field.unit, t) };
  return <span className="md-robot-bounds">{t(field.minExclusive ? 'bounds.aboveAtMost' : 'bounds.between', bounds)}</span>;
}

function help(field: ConfigField, lang: string): ReactNode {
  return field.help ? <span className="md-robot-help">{localText(field.help, lang)}</span> : null;
}

/** An amount of the asset its row chooses (a balance threshold): the unit follows the row's `asset` field. */
function RowAssetValueItem(props: { field: ValueField; name: NamePath; rulePath: string; ctx: FieldContext }) {
  const form = Form.useFormInstance();
  // Inside a list the item's name is relative to the list; the watch needs the path from the form's root.
  const rowAsset: unknown = Form.useWatch(['config', ...namePathOf(props.rulePath).slice(0, -1), 'asset'], { form, preserve: true });
  return <ValueItem {...props} rowAsset={rowAsset} />;
}

function ValueItem({ field, name, rulePath, ctx, rowAsset }: { field: ValueField; name: NamePath; rulePath: string; ctx: FieldContext; rowAsset?: unknown }) {
  const { t } = useTranslation('robots');
  const label = localText(field.title, ctx.lang);
  const unit = unitLabel(field, ctx, t, rowAsset);
  const rules: ConfigRule[] = [...ctx.rulesFor(rulePath)];
  if (field.orderAmount && ctx.minAmount) {
    // An order amount under the pair's lot size says so (issue 18 §7); 0 stays allowed where the contract allows it (off).
    // The shared rule is an object rule (a validator): its check runs after the zero test below.
    const belowMin = minimumAmountRule(ctx.minAmount, (min) => t('issue.belowMin', { min: formatPlain(min), unit: ctx.base })) as ConfigRule;
    const zeroAllowed = field.min === '0' && !field.minExclusive;
    rules.push({
      validator: async (rule, value) => {
        if (typeof value !== 'string' || (zeroAllowed && /^0*(\.0*)?$/.test(value.trim()))) return;
        await belowMin.validator(rule, value);
      },
    });
  }
  const hasHint = field.help !== undefined || (field.min !== undefined && field.max !== undefined);
  const extra = hasHint ? (
    <Flex vertical>
      {help(field, ctx.lang)}
      <FieldHint field={field} />
    </Flex>
  ) : undefined;
  const common = { name, label, rules, extra, validateFirst: true, required: field.required };
  switch (field.kind) {
    case 'decimal':
      // A fraction the API keeps (a spread, an offset) is shown and typed in percent, converted exactly;
      // a spread also in the basis points the bot list and the book show ("0.1 % = 10 bps").
      if (field.unit === 'fraction') {
        return (
          <Form.Item {...common}>
            <PercentInput beside={isSpreadField(field) ? (fraction) => `= ${formatBps(fraction)}` : undefined} />
          </Form.Item>
        );
      }
      return (
        <Form.Item {...common}>
          <InputNumber<string> stringMode controls={false} style={{ width: '100%' }} suffix={unit && <span className="md-input-unit">{unit}</span>} />
        </Form.Item>
      );
    case 'integer':
      return (
        <Form.Item {...common}>
          <InputNumber<number> style={{ width: '100%' }} suffix={unit && <span className="md-input-unit">{unit}</span>} />
        </Form.Item>
      );
    case 'boolean':
      // A switch (keep the pair's obligation): absent reads as off.
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch />
        </Form.Item>
      );
    case 'datetime':
      return (
        <Form.Item
          {...common}
          // The config holds epoch milliseconds; the picker works in dayjs.
          getValueProps={(value: unknown) => ({ value: typeof value === 'number' ? dayjs(value) : undefined })}
          normalize={(value: Dayjs | null) => (value ? value.valueOf() : undefined)}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      );
    default:
      if (ctx.venues && (field.key === 'platform' || field.key === 'symbol')) return <ReferenceItem field={field} common={common} rulePath={rulePath} venues={ctx.venues} />;
      return (
        <Form.Item {...common}>
          <Input />
        </Form.Item>
      );
  }
}

/** A follow reference's exchange (a picker of the platforms) or pair (that exchange's pairs, or any BASE/QUOTE typed). */
function ReferenceItem({ field, common, rulePath, venues }: { field: ValueField; common: Parameters<typeof Form.Item>[0]; rulePath: string; venues: NonNullable<FieldContext['venues']> }) {
  const form = Form.useFormInstance();
  const row = ['config', ...namePathOf(rulePath).slice(0, -1)];
  const platform: unknown = Form.useWatch([...row, 'platform'], { form, preserve: true });
  if (field.key === 'platform') {
    return (
      <Form.Item {...common}>
        <Select options={referencePlatformOptions(venues.platforms, platform)} showSearch optionFilterProp="label" />
      </Form.Item>
    );
  }
  return (
    <Form.Item {...common} normalize={(value: string | undefined) => value?.toUpperCase()}>
      <AutoComplete options={referencePairOptions(venues.platforms, venues.coins, platform)} filterOption={(input, option) => (option?.value ?? '').includes(input.toUpperCase())} />
    </Form.Item>
  );
}

function ChoiceItem({ field, name, rulePath, ctx }: { field: ChoiceField; name: NamePath; rulePath: string; ctx: FieldContext }) {
  const label = localText(field.title, ctx.lang);
  const options = field.choices.map((c) => ({ value: c.value, label: localText(c.label, ctx.lang) }));
  return (
    <Form.Item name={name} label={label} rules={ctx.rulesFor(rulePath)} extra={help(field, ctx.lang)} required={field.required}>
      {options.length <= 3 ? <Radio.Group optionType="button" options={options} /> : <Select options={options} />}
    </Form.Item>
  );
}

/** Value and choice fields side by side; groups and lists full width below them, in schema order. */
function FieldGrid({ fields, prefix, pathPrefix, ctx }: { fields: ConfigField[]; prefix: NamePath; pathPrefix: string; ctx: FieldContext }) {
  const blocks: ReactNode[] = [];
  let row: ReactNode[] = [];
  const flush = () => {
    if (row.length > 0) blocks.push(<Row key={`row-${blocks.length}`} gutter={16}>{row}</Row>);
    row = [];
  };
  for (const field of fields) {
    const name = [...prefix, field.key];
    const rulePath = `${pathPrefix}${field.key}`;
    if (field.kind === 'group' || field.kind === 'list') {
      flush();
      blocks.push(
        field.kind === 'group' ? (
          <GroupBlock key={field.key} field={field} name={name} pathPrefix={`${rulePath}.`} ctx={ctx} />
        ) : (
          <ListBlock key={field.key} field={field} name={name} rulePath={rulePath} ctx={ctx} />
        ),
      );
    } else {
      const item =
        field.kind === 'choice' ? (
          <ChoiceItem field={field} name={name} rulePath={rulePath} ctx={ctx} />
        ) : field.unit === 'asset' ? (
          <RowAssetValueItem field={field} name={name} rulePath={rulePath} ctx={ctx} />
        ) : (
          <ValueItem field={field} name={name} rulePath={rulePath} ctx={ctx} />
        );
      row.push(
        field.showWhen ? (
          <ShownWhen key={field.key} watch={['config', ...namePathOf(`${pathPrefix}${field.showWhen.field}`)]} value={field.showWhen.value}>
            {item}
          </ShownWhen>
        ) : (
          <Col key={field.key} {...COL}>
            {item}
          </Col>
        ),
      );
    }
  }
  flush();
  return <>{blocks}</>;
}

/**
 * A value or choice field shown only while a sibling holds a value (`x-show-when`): a report's
 * "every N hours" or "daily at". Hidden, it keeps its value in the form's store (the form submits the
 * store's config), so switching back shows what was there.
 */
function ShownWhen({ watch, value, children }: { watch: NamePath; value: string; children: ReactNode }) {
  const form = Form.useFormInstance();
  const current: unknown = Form.useWatch(watch, { form, preserve: true });
  if (current !== value) return null;
  return <Col {...COL}>{children}</Col>;
}

/** A group: a titled section, or a collapsed panel for the professional options. */
function GroupBlock({ field, name, pathPrefix, ctx }: { field: GroupField; name: NamePath; pathPrefix: string; ctx: FieldContext }) {
  const title = localText(field.title, ctx.lang);
  const body = <FieldGrid fields={field.fields} prefix={name} pathPrefix={pathPrefix} ctx={ctx} />;
  if (field.collapsed) {
    // forceRender: the fields stay registered (and checked) while the panel is closed.
    return <Collapse className="md-robot-group" size="small" items={[{ key: field.key, label: title, children: body, forceRender: true }]} />;
  }
  return (
    <section className="md-robot-section" aria-label={title}>
      <Typography.Text strong className="md-robot-section-title">
        {title}
      </Typography.Text>
      {body}
    </section>
  );
}

/** Repeatable rows (combo legs, basket components), with the list's own error (how many rows) below. */
function ListBlock({ field, name, rulePath, ctx }: { field: ListField; name: NamePath; rulePath: string; ctx: FieldContext }) {
  const { t } = useTranslation('robots');
  const title = localText(field.title, ctx.lang);
  const listRules = ctx.rulesFor(rulePath);
  return (
    <section className="md-robot-section" aria-label={title}>
      <Typography.Text strong className="md-robot-section-title">
        {title}
      </Typography.Text>
      <Form.List name={name} rules={listRules}>
        {(rows, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            {rows.map((row, index) => (
              <Card
                key={row.key}
                size="small"
                className="md-robot-list-row"
                title={field.rowTitle ? localText(field.rowTitle, ctx.lang).replace('{{index}}', String(index + 1)) : t('form.list.row', { index: String(index + 1) })}
                extra={
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={field.minItems !== undefined && rows.length <= field.minItems}
                    onClick={() => remove(row.name)}
                  >
                    {t('form.list.remove')}
                  </Button>
                }
              >
                <FieldGrid fields={field.item} prefix={[row.name]} pathPrefix={`${rulePath}.${row.name}.`} ctx={ctx} />
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={field.maxItems !== undefined && rows.length >= field.maxItems}
              onClick={() => add(blankRow(field))}
            >
              {field.addLabel ? localText(field.addLabel, ctx.lang) : t('form.list.add')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </section>
  );
}

/** A new row starts with the first choice of each choice field and 'sim' as the platform. */
function blankRow(field: ListField): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const item of field.item) {
    if (item.kind === 'choice') row[item.key] = item.choices[0]?.value;
    if (item.key === 'platform') row[item.key] = 'sim';
  }
  return row;
}

/** The form fields of a bot type's config, generated from its JSON Schema, under the form name `config`. */
export const ConfigFields = memo(function ConfigFields({ fields, ctx }: { fields: ConfigField[]; ctx: FieldContext }) {
  return <FieldGrid fields={fields} prefix={['config']} pathPrefix="" ctx={ctx} />;
});
