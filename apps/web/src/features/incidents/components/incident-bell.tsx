import { BellOutlined } from '@ant-design/icons';
import { liveServerMessage, type Incident } from '@makerdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readToken } from '@/lib/auth';
import { formatDateTime } from '@/lib/format-time';
import { LiveSocket } from '@/lib/live-socket';
import { INCIDENTS_KEY, useIncidents, useMarkIncidentsRead } from '@/market-data/api/get-incidents';

const levelColour: Record<Incident['level'], string> = { info: 'blue', warn: 'orange', error: 'red' };

/** New incidents pushed over the WebSocket: a toast, and the bell's list fetched again. */
function useIncidentPush(onIncident: (incident: Incident) => void): void {
  const queryClient = useQueryClient();
  // The socket speaks the console's language: a language switch opens it again in the new one.
  const { i18n } = useTranslation();
  const lang = i18n.language;
  useEffect(() => {
    const socket = new LiveSocket({
      token: readToken,
      onStateChange: () => undefined,
      onMessage: (raw) => {
        const parsed = liveServerMessage.safeParse(raw);
        if (!parsed.success || parsed.data.type !== 'incident') return;
        onIncident(parsed.data.data);
        void queryClient.invalidateQueries({ queryKey: INCIDENTS_KEY });
      },
    });
    socket.start();
    return () => socket.stop();
  }, [queryClient, onIncident, lang]);
}

function IncidentItem({ incident, onRead }: { incident: Incident; onRead: (id: number) => void }) {
  const { t } = useTranslation('incidents');
  const unread = incident.readAt === null;
  return (
    <List.Item
      data-testid="incident-item"
      data-unread={unread}
      style={{ opacity: unread ? 1 : 0.65, alignItems: 'flex-start' }}
      actions={unread ? [<Button key="read" size="small" type="link" onClick={() => onRead(incident.id)}>{t('markRead')}</Button>] : []}
    >
      <List.Item.Meta
        title={
          <Space size={4} wrap>
            {unread && <Badge status="processing" />}
            <Tag color={levelColour[incident.level]}>{t(`level.${incident.level}`)}</Tag>
            <Typography.Text strong>{incident.title}</Typography.Text>
          </Space>
        }
        description={
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>{incident.text}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {incident.coinName} · {t(`kind.${incident.kind}`)}
              {incident.robotId !== null ? ` · ${t('bot', { id: incident.robotId })}` : ''} · {formatDateTime(incident.createdAt)}
            </Typography.Text>
          </Space>
        }
      />
    </List.Item>
  );
}

/**
 * The incident centre's bell (issue 18 §1): the unread count of all the reader's pairs, a drawer
 * listing what went wrong (newest first, read or unread, mark one or all read), and a toast when a
 * new incident arrives live. Self-contained: it drops into any top bar, wide or phone.
 */
export function IncidentBell() {
  const { t } = useTranslation('incidents');
  const { notification } = App.useApp();
  const [open, setOpen] = useState(false);
  const { data } = useIncidents();
  const markRead = useMarkIncidentsRead();
  const unread = data?.unread ?? 0;
  const [onIncident] = useState(() => (incident: Incident) => {
    const type = incident.level === 'error' ? 'error' : incident.level === 'warn' ? 'warning' : 'info';
    notification[type]({ message: incident.title, description: incident.text, placement: 'topRight', duration: 8, props: { 'data-testid': 'incident-toast' } as object });
  });
  useIncidentPush(onIncident);
  return (
    <>
      <Badge count={unread} size="small" overflowCount={99} offset={[-4, 4]}>
        <Button type="text" aria-label={t('bell.unread', { count: unread })} data-testid="incident-bell" icon={<BellOutlined />} onClick={() => setOpen(true)} />
      </Badge>
      <Drawer
        title={t('title')}
        open={open}
        onClose={() => setOpen(false)}
        width="min(440px, 100vw)"
        extra={
          <Button size="small" disabled={unread === 0} loading={markRead.isPending} onClick={() => markRead.mutate({})}>
            {t('markAllRead')}
          </Button>
        }
      >
        {data && data.items.length > 0 ? (
          <List dataSource={data.items} rowKey="id" renderItem={(item) => <IncidentItem incident={item} onRead={(id) => markRead.mutate({ ids: [id] })} />} />
        ) : (
          <Empty description={t('empty')} />
        )}
      </Drawer>
    </>
  );
}
