import { robotConfigJsonSchema } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { fieldsOf, orderAmountPaths, unitAt, type GroupField, type ListField } from './schema-fields';

describe('fieldsOf', () => {
  it('reads each field’s kind, titles, unit and bounds from the contract’s annotations', () => {
    const fields = fieldsOf(robotConfigJsonSchema('depth_far'));
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(byKey.nearestOffset).toMatchObject({
      kind: 'decimal',
      title: { en: 'Nearest offset', zh: '最近偏移' },
      help: { en: 'A share of the reference price, in percent.', zh: '占参考价的百分比。' },
      unit: 'fraction',
      min: '0',
      max: '0.2',
      required: true,
    });
    expect(byKey.orderAmountMax).toMatchObject({ kind: 'decimal', unit: 'base', min: '0', max: '1000000', minExclusive: true, orderAmount: true });
    // An amount that is no single order's (a total) is not checked against the lot size.
    expect(fieldsOf(robotConfigJsonSchema('smart_sell')).find((f) => f.key === 'totalAmount')).not.toHaveProperty('orderAmount', true);
    expect(byKey.depthLayersMin).toMatchObject({ kind: 'integer', min: '15', max: '50' });
    expect(byKey.distribution).toMatchObject({
      kind: 'choice',
      choices: [
        { value: 'even', label: { en: 'Even steps', zh: '均匀分布' } },
        { value: 'random', label: { en: 'Random in the band', zh: '区间内随机' } },
      ],
    });
    const options = byKey.options as GroupField;
    expect(options).toMatchObject({ kind: 'group', collapsed: true, required: false, title: { en: 'Professional options', zh: '专业选项' } });
    expect(options.fields.map((f) => f.path.join('.'))).toContain('options.priceFloor');
  });

  it('reads lists (combo legs) with their row fields and sizes, and datetimes', () => {
    const legs = fieldsOf(robotConfigJsonSchema('follow_combo')).find((f) => f.key === 'legs') as ListField;
    expect(legs).toMatchObject({ kind: 'list', minItems: 2, maxItems: 4 });
    expect(legs.item.map((f) => [f.key, f.kind])).toEqual([
      ['platform', 'text'],
      ['symbol', 'text'],
      ['use', 'choice'],
    ]);
    expect(fieldsOf(robotConfigJsonSchema('smart_sell')).find((f) => f.key === 'targetAt')?.kind).toBe('datetime');
  });

  it('reads the risk-control annotations: a threshold list with its own row title and add label, amounts in the row asset, fields shown by a choice', () => {
    const thresholds = fieldsOf(robotConfigJsonSchema('monitor_balance')).find((f) => f.key === 'thresholds') as ListField;
    expect(thresholds).toMatchObject({ kind: 'list', minItems: 1, maxItems: 10, rowTitle: { en: 'Threshold {{index}}', zh: '阈值 {{index}}' }, addLabel: { en: 'Add a threshold', zh: '添加阈值' } });
    expect(thresholds.item.map((f) => [f.key, f.kind, 'unit' in f ? f.unit : undefined, f.required])).toEqual([
      ['asset', 'choice', undefined, true],
      ['below', 'decimal', 'asset', false],
      ['above', 'decimal', 'asset', false],
    ]);
    const report = fieldsOf(robotConfigJsonSchema('report_balance'));
    expect(report.map((f) => [f.key, f.showWhen])).toEqual([
      ['schedule', undefined],
      ['everyHours', { field: 'schedule', value: 'every' }],
      ['dailyAt', { field: 'schedule', value: 'daily' }],
      ['utcOffset', undefined],
    ]);
    expect(report.find((f) => f.key === 'everyHours')).toMatchObject({ unit: 'hours', min: '1', max: '24' });
  });

  it('falls back on JSON types when a schema has no annotations', () => {
    const fields = fieldsOf({ type: 'object', properties: { n: { type: 'integer' }, x: { type: 'number' }, s: { type: 'string' }, e: { enum: ['a', 'b'] } }, required: ['n'] });
    expect(fields.map((f) => [f.key, f.kind, f.required])).toEqual([
      ['n', 'integer', true],
      ['x', 'decimal', false],
      ['s', 'text', false],
      ['e', 'choice', false],
    ]);
  });

  it('finds the unit of a field by its dotted config path, inside groups and list rows', () => {
    const nearFields = fieldsOf(robotConfigJsonSchema('depth_near'));
    expect(unitAt(nearFields, 'baseSpreadMin')).toBe('fraction');
    expect(unitAt(nearFields, 'options.minSpread')).toBe('fraction');
    expect(unitAt(nearFields, 'orderAmountMax')).toBe('base');
    expect(unitAt(nearFields, 'nothing')).toBeUndefined();
    expect(orderAmountPaths(nearFields)).toEqual([['orderAmountMin'], ['orderAmountMax']]);
    expect(orderAmountPaths(fieldsOf(robotConfigJsonSchema('emergency_stop')))).toEqual([]);
    expect(unitAt(fieldsOf(robotConfigJsonSchema('monitor_balance')), 'thresholds.1.below')).toBe('asset');
  });
});
