import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** The user notice's last point (spec §1): every imported key should be bound to an IP at the exchange. */
export function IpBindingNotice() {
  const { t } = useTranslation('credentials');
  return (
    <Alert
      type="warning"
      showIcon
      icon={<SafetyCertificateOutlined />}
      message={t('notice.title')}
      description={t('notice.description')}
      style={{ marginBottom: 20 }}
    />
  );
}
