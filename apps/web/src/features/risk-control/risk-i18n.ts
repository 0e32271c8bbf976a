import { i18n } from '@/lib/i18n';
import riskEn from '@/locales/en_US/risk';
import riskZh from '@/locales/zh_CN/risk';

/** The Risk control screen's texts load with its chunk (as robots-i18n.ts does for the bot screens). */
if (!i18n.hasResourceBundle('en_US', 'risk')) {
  i18n.addResourceBundle('en_US', 'risk', riskEn);
  i18n.addResourceBundle('zh_CN', 'risk', riskZh);
}
