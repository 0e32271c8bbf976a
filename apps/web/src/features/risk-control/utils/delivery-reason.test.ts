import { deliveryFailureCodes } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import '../risk-i18n';
import { deliveryReason } from './delivery-reason';

describe('deliveryReason', () => {
  it('says every reason the server gives in both languages, the refusal with its status', async () => {
    const say = (reason: Parameters<typeof deliveryReason>[0]) => {
      const [key, values] = deliveryReason(reason);
      return i18n.t(key, { ...values, ns: 'risk' });
    };
    await i18n.changeLanguage('en_US');
    expect(say({ code: 'refused', status: 'HTTP 404' })).toBe('refused: HTTP 404');
    expect(say({ code: 'no_answer' })).toBe('no answer');
    expect(say({ code: 'not_allowed' })).toBe('destination not allowed');
    await i18n.changeLanguage('zh_CN');
    expect(say({ code: 'refused', status: 'SMTP 550' })).toBe('被拒绝：SMTP 550');
    expect(say({ code: 'no_answer' })).toBe('无应答');
    expect(say({ code: 'not_allowed' })).toBe('目标地址不允许发送');
    for (const lang of ['en_US', 'zh_CN']) {
      await i18n.changeLanguage(lang);
      for (const code of deliveryFailureCodes) expect(i18n.exists(`why.${code}`, { ns: 'risk' }), `${lang} why.${code}`).toBe(true);
    }
    await i18n.changeLanguage('en_US');
  });
});
