import { CheckOutlined, CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { layout as layoutConstants, themePresets } from '@makerdesk/contract';
import { Divider, Drawer, Flex, List, Switch, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeColor } from '@/lib/theme';
import { ColorSwatch } from './color-swatch';
import { changeLayoutSettings, showsPart, withPart, type ContentPart, type LayoutSettings } from './layout-settings';

interface SettingsDrawerProps {
  settings: LayoutSettings;
  onChange: (settings: LayoutSettings) => void;
}

/** Thumbnails of the three navigation modes: dark bars are the menu. */
function LayoutThumbnail({ mode }: { mode: LayoutSettings['layout'] }) {
  return (
    <svg viewBox="0 0 48 36" width="48" height="36" aria-hidden="true">
      <rect width="48" height="36" rx="4" fill="rgba(255,255,255,0.08)" />
      {mode !== 'side' && <rect width="48" height="8" rx="2" fill="rgba(255,255,255,0.55)" />}
      {mode !== 'top' && <rect y={mode === 'mix' ? 8 : 0} width="12" height={mode === 'mix' ? 28 : 36} rx="2" fill="rgba(255,255,255,0.3)" />}
      {mode === 'side' && <rect x="12" width="36" height="7" fill="rgba(255,255,255,0.14)" />}
    </svg>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 24 }}>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 12 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

interface SwitchRowProps {
  title: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabledReason?: string;
  className?: string;
}

function SwitchRow({ title, checked, onChange, disabledReason, className }: SwitchRowProps) {
  const disabled = disabledReason !== undefined;
  return (
    <List.Item
      actions={[
        <Tooltip key="switch" title={disabledReason} placement="left">
          <Switch size="small" className={className} checked={checked} disabled={disabled} onChange={onChange} />
        </Tooltip>,
      ]}
    >
      <span style={{ opacity: disabled ? 0.5 : 1 }}>{title}</span>
    </List.Item>
  );
}

/** The settings drawer of spec §2: right side, 300 wide, opened by a handle. */
export function SettingsDrawer({ settings, onChange }: SettingsDrawerProps) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const colorPrimary = useThemeColor();
  const change = (patch: Partial<LayoutSettings>) => onChange(changeLayoutSettings(settings, patch));
  const contentParts: { part: ContentPart; disabledReason?: string }[] = [
    { part: 'headerRender' },
    { part: 'footerRender' },
    // The menu is the only way around the console, so it cannot be switched off.
    { part: 'menuRender', disabledReason: t('settings.hint.menuRender') },
    { part: 'menuHeaderRender' },
  ];

  return (
    <>
      <button
        type="button"
        className={`md-settings-handle${open ? ' md-settings-handle-open' : ''}`}
        aria-label={t('settings.open')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? <CloseOutlined /> : <SettingOutlined />}
      </button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="right"
        width={layoutConstants.settingDrawerWidth}
        closable={false}
        title={t('settings.title')}
      >
        <Section title={t('settings.themeColor')}>
          <Flex gap={8} wrap>
            {themePresets.map(({ key, color }) => (
              <ColorSwatch key={key} label={t(`palette.${key}`)} color={color} current={colorPrimary} />
            ))}
          </Flex>
        </Section>
        <Divider />
        <Section title={t('settings.navigation')}>
          <Flex gap={12}>
            {(['side', 'top', 'mix'] as const).map((mode) => (
              <Tooltip key={mode} title={t(`settings.layout.${mode}`)}>
                <button
                  type="button"
                  className={`md-layout-choice${settings.layout === mode ? ' md-layout-choice-active' : ''}`}
                  aria-label={t(`settings.layout.${mode}`)}
                  aria-pressed={settings.layout === mode}
                  onClick={() => change({ layout: mode })}
                >
                  <LayoutThumbnail mode={mode} />
                  {settings.layout === mode && <CheckOutlined className="md-layout-choice-check" />}
                </button>
              </Tooltip>
            ))}
          </Flex>
          <List split={false} style={{ marginTop: 12 }}>
            <SwitchRow title={t('settings.fixedHeader')} checked={settings.fixedHeader} onChange={(fixedHeader) => change({ fixedHeader })} />
            <SwitchRow
              title={t('settings.fixSiderbar')}
              checked={settings.fixSiderbar}
              onChange={(fixSiderbar) => change({ fixSiderbar })}
              disabledReason={settings.layout === 'top' ? t('settings.hint.fixSiderbar') : undefined}
            />
            <SwitchRow
              title={t('settings.splitMenus')}
              checked={settings.splitMenus}
              onChange={(splitMenus) => change({ splitMenus })}
              disabledReason={settings.layout !== 'mix' ? t('settings.hint.splitMenus') : undefined}
            />
          </List>
        </Section>
        <Divider />
        <Section title={t('settings.content')}>
          <List split={false}>
            {contentParts.map(({ part, disabledReason }) => (
              <SwitchRow
                key={part}
                className={`md-region-${part}`}
                title={t(`settings.${part}`)}
                checked={showsPart(settings, part)}
                onChange={(shown) => onChange(withPart(settings, part, shown))}
                disabledReason={disabledReason}
              />
            ))}
          </List>
        </Section>
      </Drawer>
    </>
  );
}
