/**
 * Reads the JSON Schema of a bot type's config (GET /robot/init/list) into the fields a form renders:
 * each property's kind, en/zh title and help, unit, bounds and choices, as the contract annotates them
 * (`x-kind`, a switch's `boolean` among them, `x-title-zh`, `x-help-zh`, `x-unit`, `x-min`, `x-max`, `x-min-exclusive`, `x-labels`, `x-show-when`,
 * `x-row-title`, `x-add-label`).
 */

export type FieldKind = 'decimal' | 'integer' | 'choice' | 'text' | 'datetime' | 'boolean' | 'group' | 'list';

export interface LocalText {
  en: string;
  zh: string;
}

export interface Choice {
  value: string;
  label: LocalText;
}

interface FieldBase {
  /** The property's key in its object. */
  key: string;
  /** Its path from the config's root (list items: from the item's root). */
  path: string[];
  title: LocalText;
  help?: LocalText;
  required: boolean;
  /** Shown only while the sibling field `field` holds `value` (a schedule's "every N hours" or "daily at"). */
  showWhen?: { field: string; value: string };
}

export interface ValueField extends FieldBase {
  kind: 'decimal' | 'integer' | 'text' | 'datetime' | 'boolean';
  /** base, quote, price, fraction, percent, ratio, asset (the row's `asset` choice); seconds, count, minutes, hours. */
  unit?: string;
  min?: string;
  max?: string;
  minExclusive?: boolean;
  /** One order's amount (`x-order-amount`): checked against the pair's minimum amount. */
  orderAmount?: boolean;
}

export interface ChoiceField extends FieldBase {
  kind: 'choice';
  choices: Choice[];
}

export interface GroupField extends FieldBase {
  kind: 'group';
  collapsed: boolean;
  fields: ConfigField[];
}

export interface ListField extends FieldBase {
  kind: 'list';
  /** The fields of one row, with paths from the row's root. */
  item: ConfigField[];
  minItems?: number;
  maxItems?: number;
  /** A row's title with `{{index}}` (`x-row-title`) and the add button's text (`x-add-label`); the console's own words ("Pair 1", "Add a pair") without them. */
  rowTitle?: LocalText;
  addLabel?: LocalText;
}

export type ConfigField = ValueField | ChoiceField | GroupField | ListField;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const bound = (value: unknown): string | undefined => (typeof value === 'number' || typeof value === 'string' ? String(value) : undefined);

/** A property without an x-kind (a schema written by hand) is read from its JSON type. */
function kindOf(schema: Json): FieldKind {
  const declared = text(schema['x-kind']);
  if (declared && ['decimal', 'integer', 'choice', 'text', 'datetime', 'boolean', 'group', 'list'].includes(declared)) return declared as FieldKind;
  if (Array.isArray(schema.enum)) return 'choice';
  if (schema.type === 'object') return 'group';
  if (schema.type === 'array') return 'list';
  if (schema.type === 'integer') return 'integer';
  if (schema.type === 'number') return 'decimal';
  if (schema.type === 'boolean') return 'boolean';
  return 'text';
}

function choicesOf(schema: Json): Choice[] {
  const labels = isObject(schema['x-labels']) ? schema['x-labels'] : {};
  const values = Array.isArray(schema.enum) ? schema.enum.map(String) : Object.keys(labels);
  return values.map((value) => {
    const pair = labels[value];
    const [en, zh] = Array.isArray(pair) ? pair.map(String) : [value, value];
    return { value, label: { en: en ?? value, zh: zh ?? en ?? value } };
  });
}

/** An `[en, zh]` annotation as LocalText. */
function pairOf(value: unknown): LocalText | undefined {
  return Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string' ? { en: value[0], zh: value[1] } : undefined;
}

function fieldOf(key: string, schema: Json, path: string[], required: boolean): ConfigField {
  const title = { en: text(schema.title) ?? key, zh: text(schema['x-title-zh']) ?? text(schema.title) ?? key };
  const helpEn = text(schema.description);
  const help = helpEn ? { en: helpEn, zh: text(schema['x-help-zh']) ?? helpEn } : undefined;
  const when = schema['x-show-when'];
  const showWhen = isObject(when) && typeof when.field === 'string' && typeof when.value === 'string' ? { field: when.field, value: when.value } : undefined;
  const base = { key, path, title, help, required, ...(showWhen ? { showWhen } : {}) };
  const kind = kindOf(schema);
  switch (kind) {
    case 'choice':
      return { ...base, kind, choices: choicesOf(schema) };
    case 'group':
      return { ...base, kind, collapsed: schema['x-collapsed'] === true, fields: fieldsOf(schema, path) };
    case 'list': {
      const items = isObject(schema.items) ? schema.items : {};
      return {
        ...base,
        kind,
        item: fieldsOf(items, []),
        minItems: typeof schema.minItems === 'number' ? schema.minItems : undefined,
        maxItems: typeof schema.maxItems === 'number' ? schema.maxItems : undefined,
        ...(pairOf(schema['x-row-title']) ? { rowTitle: pairOf(schema['x-row-title'])! } : {}),
        ...(pairOf(schema['x-add-label']) ? { addLabel: pairOf(schema['x-add-label'])! } : {}),
      };
    }
    default:
      return {
        ...base,
        kind,
        unit: text(schema['x-unit']),
        min: bound(schema['x-min'] ?? schema.minimum),
        max: bound(schema['x-max'] ?? schema.maximum),
        minExclusive: schema['x-min-exclusive'] === true || undefined,
        orderAmount: schema['x-order-amount'] === true || undefined,
      };
  }
}

/** The fields of an object schema, in its properties' order. */
export function fieldsOf(schema: Json, parent: string[] = []): ConfigField[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(properties)
    .filter((entry): entry is [string, Json] => isObject(entry[1]))
    .map(([key, property]) => fieldOf(key, property, [...parent, key], required.has(key)));
}

/** The unit of the value field at a dotted config path ('legs.0.weight' → the list item's field), if any. */
export function unitAt(fields: ConfigField[], path: string): string | undefined {
  let current: ConfigField[] = fields;
  const parts = path.split('.').filter((part) => !/^\d+$/.test(part));
  for (const [i, part] of parts.entries()) {
    const field = current.find((f) => f.key === part);
    if (!field) return undefined;
    if (i === parts.length - 1) return field.kind === 'decimal' || field.kind === 'integer' ? field.unit : undefined;
    if (field.kind === 'group') current = field.fields;
    else if (field.kind === 'list') current = field.item;
    else return undefined;
  }
  return undefined;
}

/**
 * A spread field (a fraction of the price whose key says spread): typed in percent in the form,
 * shown beside it and in the summary in the basis points the bot list and the book show.
 */
export function isSpreadField(field: ConfigField): boolean {
  return field.kind === 'decimal' && field.unit === 'fraction' && /spread/i.test(field.key);
}

/** The paths of the order amount fields (`x-order-amount`) outside lists: at the top level and in groups. */
export function orderAmountPaths(fields: ConfigField[]): string[][] {
  return fields.flatMap((field) => (field.kind === 'group' ? orderAmountPaths(field.fields) : (field.kind === 'decimal' && field.orderAmount ? [field.path] : [])));
}

export function localText(value: LocalText, lang: string): string {
  return lang === 'zh_CN' ? value.zh : value.en;
}
