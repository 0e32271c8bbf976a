import { describe, expect, it } from 'vitest';
import { ID_MAX } from '../constants.ts';
import { idParam } from './common.ts';

describe('idParam', () => {
  it('reads a whole number from 1 to ID_MAX, as a number or as its decimal digits', () => {
    expect(ID_MAX).toBe(2 ** 31 - 1);
    expect(idParam.parse(1)).toBe(1);
    expect(idParam.parse('16')).toBe(16);
    expect(idParam.parse('007')).toBe(7);
    expect(idParam.parse(ID_MAX)).toBe(ID_MAX);
    expect(idParam.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it('refuses ids past the int4 range, as numbers and as digits', () => {
    for (const value of [2 ** 31, '2147483648', 2 ** 32, '4294967296', 2 ** 53 + 2, '99999999999999999999']) {
      expect(idParam.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('reads nothing but decimal digits as an id', () => {
    for (const value of [true, false, null, '', ' 1', '1 ', '+1', '-1', '0x10', '1e3', '1.0', '1.5', 1.5, 0, '0', -1, 'NaN', 'Infinity', [1], { id: 1 }]) {
      expect(idParam.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('says so in its JSON schema, which the OpenAPI document shows', async () => {
    const { z } = await import('zod');
    expect(z.toJSONSchema(idParam, { io: 'input' })).toMatchObject({
      anyOf: [
        { type: 'integer', minimum: 1, maximum: ID_MAX },
        { type: 'string', pattern: '^[0-9]{1,10}$' },
      ],
    });
  });
});
