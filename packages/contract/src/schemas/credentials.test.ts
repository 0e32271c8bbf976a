import { describe, expect, it } from 'vitest';
import { API_KEY_VISIBLE_MAX, CONCEALED_SECRET, credentialView, maskApiKey, maskedApiKey } from './credentials.ts';

/** The characters of `key` a mask shows: what follows the four stars. */
const shown = (key: string) => maskApiKey(key).slice(4);

describe('maskApiKey', () => {
  it('shows four stars and at most the last 4 characters of a long key', () => {
    expect(maskApiKey('vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A')).toBe('****Eh8A');
    expect(maskApiKey('abcdefghijklmnop')).toBe('****mnop');
    expect(shown('x'.repeat(256))).toHaveLength(API_KEY_VISIBLE_MAX);
  });

  it('shows at most a quarter of a short key and never all of it: nothing at 3 characters or fewer', () => {
    // The finding: a 9-character key showed 6 of its characters (Zq7…Px4).
    expect(maskApiKey('Zq7abcPx4')).toBe('****x4');
    expect(maskApiKey('ak-demo-001')).toBe('****01');
    expect(maskApiKey('abcd')).toBe('****d');
    for (const key of ['abc', 'ab', 'a', '']) expect(maskApiKey(key), key).toBe('****');
    for (let length = 1; length <= 40; length++) {
      const key = 'k'.repeat(length - 1) + 'Z';
      const visible = shown(key);
      expect(visible.length, `length ${length}`).toBeLessThan(length);
      expect(visible.length, `length ${length}`).toBeLessThanOrEqual(Math.min(API_KEY_VISIBLE_MAX, length / 4));
      expect(key.endsWith(visible), `length ${length}`).toBe(true);
    }
  });

  it('never tells the length: the same four stars before whatever is shown', () => {
    expect(maskApiKey('a'.repeat(16)).startsWith('****')).toBe(true);
    expect(maskApiKey('a'.repeat(200))).toBe(maskApiKey('a'.repeat(16)));
  });

  it('cuts between characters, not inside one', () => {
    expect(maskApiKey('key-with-emoji-😀😀')).toBe('****i-😀😀');
  });
});

describe('credentialView', () => {
  const view = { id: 1, platformId: 1, platformCode: 'sim', apiKey: '****mnop', secretKey: CONCEALED_SECRET, passphrase: null, coinId: 1, coinName: 'BTC/USDT', memberId: null, hosts: [], createdAt: 1, updatedAt: 1 };

  it('accepts a masked key and concealed secrets', () => {
    expect(credentialView.safeParse(view).success).toBe(true);
    expect(credentialView.safeParse({ ...view, passphrase: CONCEALED_SECRET }).success).toBe(true);
    expect(maskedApiKey.safeParse('****').success).toBe(true);
  });

  it('refuses any part of a secret or passphrase, and an API key shown with more than 4 of its characters', () => {
    expect(credentialView.safeParse({ ...view, secretKey: 'Zq7…Px4' }).success).toBe(false);
    expect(credentialView.safeParse({ ...view, secretKey: 'my-exchange-secret' }).success).toBe(false);
    expect(credentialView.safeParse({ ...view, passphrase: 'pas…789' }).success).toBe(false);
    expect(credentialView.safeParse({ ...view, apiKey: 'Zq7…Px4' }).success).toBe(false);
    expect(credentialView.safeParse({ ...view, apiKey: '****mnopq' }).success).toBe(false);
    expect(credentialView.safeParse({ ...view, apiKey: 'abcdefghijklmnop' }).success).toBe(false);
  });
});
