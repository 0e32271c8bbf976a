import { robotTypes } from '@makerdesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { boundText, configIssues, issueText } from './config-issues';

const pair = { symbol: 'BTC/USDT', price: '65000', pricePrecision: 2, amountPrecision: 5, minAmount: '0.00001', minNotional: '5' };
const NOW = 1_795_440_000_000;

beforeEach(() => void i18n.changeLanguage('en_US'));

describe('configIssues', () => {
  it('gives the contract’s field issues: bounds and both sides of a min/max pair', () => {
    const config = { ...robotTypes.depth_near.defaults(pair, NOW), baseSpreadMin: '0.06', layersPerSideMin: 3, layersPerSideMax: 3 };
    expect(configIssues('depth_near', config, NOW)).toEqual(
      expect.arrayContaining([
        { field: 'baseSpreadMin', message: 'Must be between 0 and 0.05' },
        { field: 'layersPerSideMin', message: 'Min value cannot exceed max value' },
        { field: 'layersPerSideMax', message: 'Max value must exceed min value' },
      ]),
    );
    expect(configIssues('depth_near', robotTypes.depth_near.defaults(pair, NOW), NOW)).toEqual([]);
  });

  it('needs a smart sell’s target date 60 minutes after its start', () => {
    const config = { ...robotTypes.smart_sell.defaults(pair, NOW), targetAt: NOW + 59 * 60_000 };
    expect(configIssues('smart_sell', config, NOW)).toEqual([{ field: 'targetAt', message: 'The target date must be at least 60 minutes after the start' }]);
    expect(configIssues('smart_sell', { ...config, targetAt: NOW + 60 * 60_000 }, NOW)).toEqual([]);
    const pump = { ...robotTypes.pump_rapid.defaults(pair, NOW), targetAt: NOW + 59_000 };
    expect(configIssues('pump_rapid', pump, NOW)).toEqual([{ field: 'targetAt', message: 'The target date must be at least 1 minute after the start' }]);
    expect(configIssues('pump_rapid', { ...pump, targetAt: NOW + 60_000 }, NOW)).toEqual([]);
  });
});

describe('issueText', () => {
  it('says the contract’s texts in the console’s language', async () => {
    const t = i18n.getFixedT('en_US', 'robots');
    expect(issueText('Must be between 0 and 0.05', t)).toBe('Must be between 0 and 0.05');
    expect(issueText('Invalid input: expected string, received undefined', t)).toBe('Please enter a valid value');
    const zh = i18n.getFixedT('zh_CN', 'robots');
    expect(issueText('Min value cannot exceed max value', zh)).toBe('最小值不能超过最大值');
    expect(issueText('Max value must exceed min value', zh)).toBe('最大值必须大于最小值');
    expect(issueText('Must be above 0 and at most 1000000', zh)).toBe('必须大于 0 且不超过 1000000');
    expect(issueText('A combo needs 2 to 4 pairs', zh)).toBe('组合需要 2 到 4 个交易对');
    expect(issueText('Something new from the server', zh)).toBe('Something new from the server');
    expect(issueText('The target date must be at least 1 minute after the start', t)).toBe('The target date must be at least 1 minute after the start');
    expect(issueText('The target date must be at least 60 minutes after the start', t)).toBe('The target date must be at least 60 minutes after the start');
    expect(issueText('The target date must be at least 1 minute after the start', zh)).toBe('目标完成时间必须至少晚于开始时间 1 分钟');
  });
});

describe('bounds in the unit the field is typed in', () => {
  it('says a fraction’s bounds in percent, exactly, and a percent field’s with its sign', () => {
    const t = i18n.getFixedT('en_US', 'robots');
    expect(issueText('Must be between 0.0005 and 0.1', t, 'fraction')).toBe('Must be between 0.05 % and 10 %');
    expect(issueText('Must be above 0 and at most 0.5', t, 'fraction')).toBe('Must be above 0 % and at most 50 %');
    expect(issueText('Must be between 1 and 100', t, 'percent')).toBe('Must be between 1 % and 100 %');
    expect(issueText('Must be between 0 and 10000', t, 'base')).toBe('Must be between 0 and 10000');
    expect(issueText('Must be between 0.0005 and 0.1', t)).toBe('Must be between 0.0005 and 0.1');
    expect(boundText('0.00015', 'fraction', t)).toBe('0.015 %');
    const zh = i18n.getFixedT('zh_CN', 'robots');
    expect(issueText('Must be between 0.0001 and 0.5', zh, 'fraction')).toBe('必须在 0.01% 到 50% 之间');
  });
});
