import { describe, expect, it } from 'vitest';
import { Subscriptions } from './subscriptions.ts';

describe('Subscriptions', () => {
  it('closing ends each subscription still open once; one ended by its caller is not ended again', () => {
    const ended: string[] = [];
    const subs = new Subscriptions();
    const a = subs.track(() => ended.push('a'));
    subs.track(() => ended.push('b'));
    a();
    a();
    expect(ended).toEqual(['a']);
    subs.closeAll();
    expect(ended).toEqual(['a', 'b']);
    subs.closeAll();
    expect(ended).toEqual(['a', 'b']);
  });
});
