import { BgColorsOutlined, SyncOutlined } from '@ant-design/icons';
import { pickerPalette } from '@makerdesk/contract';
import { Button, Flex, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { randomColor, saveThemeColor, useThemeColor } from '@/lib/theme';
import { ColorSwatch } from './color-swatch';

const palette = Object.entries(pickerPalette) as [keyof typeof pickerPalette, string][];

/** The top bar's theme colour picker: ten colours and a random pick, kept under `local_theme`. */
export function ThemePicker() {
  const { t } = useTranslation('layout');
  const colorPrimary = useThemeColor();

  const content = (
    <div style={{ width: 208 }}>
      <div className="md-palette">
        {palette.map(([name, color]) => (
          <ColorSwatch key={name} label={t(`palette.${name}`)} color={color} current={colorPrimary} />
        ))}
      </div>
      <Flex justify="end" style={{ marginTop: 12 }}>
        <Button size="small" icon={<SyncOutlined />} onClick={() => saveThemeColor(randomColor(Object.values(pickerPalette), colorPrimary))}>
          {t('header.theme.random')}
        </Button>
      </Flex>
    </div>
  );

  return (
    <Popover content={content} title={t('header.theme')} trigger="click" placement="bottomRight">
      <Button type="text" aria-label={t('header.theme')} icon={<BgColorsOutlined style={{ color: colorPrimary, fontSize: 16 }} />} />
    </Popover>
  );
}
