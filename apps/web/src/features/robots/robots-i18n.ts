import { i18n } from '@/lib/i18n';
import robotsEn from '@/locales/en_US/robots';
import robotsZh from '@/locales/zh_CN/robots';

/**
 * The bot screens' texts load with their chunk, not with the sign-in page. Every module that reads
 * the `robots` namespace imports this file, so it is registered before anything renders with it.
 */
if (!i18n.hasResourceBundle('en_US', 'robots')) {
  i18n.addResourceBundle('en_US', 'robots', robotsEn);
  i18n.addResourceBundle('zh_CN', 'robots', robotsZh);
}
