import { NotificationOutlined } from '@ant-design/icons';
import { Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_NOTICE_EVENT, type SystemNoticeDetail } from '@/lib/api-client';

/** Shows the notices the request layer raises for data.code 1080028 (spec §8). */
export function SystemNoticeModal() {
  const { t } = useTranslation('common');
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const show = (event: Event) => setNotice((event as CustomEvent<SystemNoticeDetail>).detail.message);
    window.addEventListener(SYSTEM_NOTICE_EVENT, show);
    return () => window.removeEventListener(SYSTEM_NOTICE_EVENT, show);
  }, []);

  return (
    <Modal
      open={notice !== null}
      title={
        <Space>
          <NotificationOutlined />
          {t('systemNotice.title')}
        </Space>
      }
      onOk={() => setNotice(null)}
      onCancel={() => setNotice(null)}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('action.ok')}
      centered
    >
      <p style={{ whiteSpace: 'pre-wrap' }}>{notice}</p>
    </Modal>
  );
}
