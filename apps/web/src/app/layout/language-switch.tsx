import { TranslationOutlined } from '@ant-design/icons';
import { languages } from '@makerdesk/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale';

const shortLabel = { en_US: 'EN', zh_CN: '中文' } as const;

/** English/Chinese switch: the Chinese pages live under /zh-cn, so switching changes the address. */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const { lang, switchLang } = useLocale();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: languages.map((code) => ({ key: code, label: t(`language.${code}`) })),
        onClick: ({ key }) => key !== lang && switchLang(key as typeof lang),
      }}
    >
      <Button type="text" aria-label={t('language.switch')} icon={<TranslationOutlined />}>
        {shortLabel[lang]}
      </Button>
    </Dropdown>
  );
}
