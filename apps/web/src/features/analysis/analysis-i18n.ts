import { i18n } from '@/lib/i18n';
import analysisEn from '@/locales/en_US/analysis';
import analysisZh from '@/locales/zh_CN/analysis';

/** The analysis screen's texts load with its chunk, as the bot screens' do (features/robots/robots-i18n.ts). */
if (!i18n.hasResourceBundle('en_US', 'analysis')) {
  i18n.addResourceBundle('en_US', 'analysis', analysisEn);
  i18n.addResourceBundle('zh_CN', 'analysis', analysisZh);
}
