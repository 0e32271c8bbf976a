import { ArrowLeftOutlined, ApiOutlined, GlobalOutlined, SafetyCertificateOutlined, ToolOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BrandTitle } from '@/components/brand/brand-title';
import { useAuth } from '@/lib/auth';
import { HOME_PATH, LOGIN_PATH } from '../router/access';

const sections: { key: 'tool' | 'residency' | 'integrity' | 'apiKey' | 'risk'; icon: ReactNode }[] = [
  { key: 'tool', icon: <ToolOutlined /> },
  { key: 'residency', icon: <GlobalOutlined /> },
  { key: 'integrity', icon: <SafetyCertificateOutlined /> },
  { key: 'apiKey', icon: <ApiOutlined /> },
  { key: 'risk', icon: <WarningOutlined /> },
];

/** The user notice of spec §1, public. */
export default function AgreementPage() {
  const { t } = useTranslation('agreement');
  const { t: tc } = useTranslation('common');
  const { signedIn } = useAuth();

  return (
    <div className="md-agreement">
      <Flex justify="space-between" align="center" className="md-agreement-header">
        <BrandTitle size={28} />
        <Link to={signedIn ? HOME_PATH : LOGIN_PATH}>
          <Button icon={<ArrowLeftOutlined />}>{signedIn ? tc('action.backHome') : tc('action.backToLogin')}</Button>
        </Link>
      </Flex>
      <Card className="md-agreement-card">
        <Typography.Title level={2}>{t('title')}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 15 }}>
          {t('intro')}
        </Typography.Paragraph>
        {sections.map(({ key, icon }) => (
          <section key={key} className="md-agreement-section">
            <Typography.Title level={4}>
              <span className="md-agreement-icon">{icon}</span>
              {t(`${key}.title`)}
            </Typography.Title>
            <Typography.Paragraph>{t(`${key}.body`)}</Typography.Paragraph>
          </section>
        ))}
      </Card>
    </div>
  );
}
