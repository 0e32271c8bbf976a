import { deskPnlWindows, type DeskPnlWindow } from '@makerdesk/contract';
import { Flex, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A desk P&L card's title: its name and the window switch (last hour, today, 7 days, since start). */
export function PnlWindowTitle({ title, window, onChange }: { title: string; window: DeskPnlWindow; onChange: (w: DeskPnlWindow) => void }) {
  const { t } = useTranslation('trading');
  return (
    <Flex wrap gap={8} align="center" justify="space-between">
      <Typography.Text strong>{title}</Typography.Text>
      <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Segmented<DeskPnlWindow>
          size="small"
          value={window}
          onChange={onChange}
          aria-label={t('desk.window.label')}
          options={deskPnlWindows.map((w) => ({ value: w, label: t(`desk.window.${w}`) }))}
        />
      </div>
    </Flex>
  );
}
