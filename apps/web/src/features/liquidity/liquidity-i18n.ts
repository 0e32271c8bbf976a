import { i18n } from '@/lib/i18n';
import liquidityEn from '@/locales/en_US/liquidity';
import liquidityZh from '@/locales/zh_CN/liquidity';

/** The liquidity texts load with the screen's and the control panel card's chunk, as the analysis screen's do. */
if (!i18n.hasResourceBundle('en_US', 'liquidity')) {
  i18n.addResourceBundle('en_US', 'liquidity', liquidityEn);
  i18n.addResourceBundle('zh_CN', 'liquidity', liquidityZh);
}
