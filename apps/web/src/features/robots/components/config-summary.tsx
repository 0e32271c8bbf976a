import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { formatFractionPercent, formatPlain, formatSpreadFraction } from '@/lib/numbers';
import { fieldsOf, isSpreadField, localText, type ConfigField } from '../config-form/schema-fields';
import '../robots-i18n';

interface Item {
  key: string;
  label: string;
  children: ReactNode;
}

function valueText(field: ConfigField, value: unknown, lang: string, units: { base: string; quote: string }, off: string, on: string): string {
  if (value === undefined || value === null || value === '' || value === false) return off;
  if (value === true) return on;
  if (field.kind === 'choice') {
    const choice = field.choices.find((c) => c.value === value);
    return choice ? localText(choice.label, lang) : String(value);
  }
  if (field.kind === 'datetime' && typeof value === 'number') return formatDateTime(value);
  if (field.kind === 'decimal' || field.kind === 'integer') {
    const written = String(value);
    // A fraction of the price: a spread as the form types it and in the basis points lists show (DESK.md), any other share as a percentage.
    if (field.unit === 'fraction') return isSpreadField(field) ? formatSpreadFraction(written) : formatFractionPercent(written);
    const unit = field.unit === 'base' ? units.base : field.unit === 'quote' || field.unit === 'price' ? units.quote : field.unit === 'percent' ? '%' : field.unit === 'seconds' ? 's' : '';
    const grouped = formatPlain(written);
    if (unit === '%') return `${grouped}%`;
    return unit ? `${grouped} ${unit}` : grouped;
  }
  return String(value);
}

function itemsOf(fields: ConfigField[], config: Record<string, unknown>, prefix: string, lang: string, units: { base: string; quote: string }, off: string, on: string): Item[] {
  return fields.flatMap((field): Item[] => {
    const value = config[field.key];
    const label = `${prefix}${localText(field.title, lang)}`;
    if (field.kind === 'group') {
      const nested = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
      return itemsOf(field.fields, nested, `${label} · `, lang, units, off, on);
    }
    if (field.kind === 'list') {
      const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
      return rows.map((row, i) => ({
        key: `${field.key}.${i}`,
        label: `${label} ${i + 1}`,
        children: field.item.map((item) => valueText(item, row[item.key], lang, units, off, on)).join(' · '),
      }));
    }
    return [{ key: field.key, label, children: valueText(field, value, lang, units, off, on) }];
  });
}

/** A bot's config as its type's form names it: titles in the user's language, values with their units. */
export function ConfigSummary({ schema, config, base, quote }: { schema: Record<string, unknown> | undefined; config: Record<string, unknown>; base: string; quote: string }) {
  const { t, i18n } = useTranslation('robots');
  const fields = schema ? fieldsOf(schema) : Object.keys(config).map((key): ConfigField => ({ key, path: [key], kind: 'text', title: { en: key, zh: key }, required: false }));
  const items = itemsOf(fields, config, '', i18n.language, { base, quote }, t('detail.off'), t('detail.on'));
  return <Descriptions size="small" bordered column={2} items={items} className="md-robot-config" />;
}
