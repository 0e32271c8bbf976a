import { CheckCircleFilled } from '@ant-design/icons';
import { Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandTitle } from '@/components/brand/brand-title';
import { LoginIllustration } from '@/components/illustrations/login-illustration';
import { LoginForm } from '@/features/auth/components/login-form';
import { LanguageSwitch } from '../layout/language-switch';

// Few visitors open it: its steps and forms load on the first click, not with the sign-in page.
const ForgotPasswordModal = lazy(() => import('@/features/auth/components/forgot-password-modal').then((m) => ({ default: m.ForgotPasswordModal })));

const showcasePoints = ['login.showcase.point.venues', 'login.showcase.point.integrity', 'login.showcase.point.team'] as const;

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tl } = useTranslation('layout');
  const [forgotOpen, setForgotOpen] = useState(false);
  // Stays mounted once opened, so it closes with its animation.
  const [forgotUsed, setForgotUsed] = useState(false);
  const [resetEmail, setResetEmail] = useState<string>();

  return (
    <div className="md-login">
      <aside className="md-login-showcase">
        <BrandTitle size={32} />
        <div className="md-login-showcase-body">
          <Typography.Title level={2} style={{ marginBottom: 12 }}>
            {t('login.showcase.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ fontSize: 15, maxWidth: 460 }}>
            {t('login.showcase.text')}
          </Typography.Paragraph>
          <LoginIllustration />
          <ul className="md-login-points">
            {showcasePoints.map((key) => (
              <li key={key}>
                <CheckCircleFilled className="md-login-point-icon" />
                {t(key)}
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <main className="md-login-main">
        <div className="md-login-toolbar">
          <LanguageSwitch />
        </div>
        <div className="md-login-card">
          <div className="md-login-card-brand">
            <BrandTitle size={28} />
          </div>
          <Typography.Title level={3} style={{ marginBottom: 4 }}>
            {t('login.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 28 }}>
            {t('login.subtitle')}
          </Typography.Paragraph>
          <LoginForm
            onForgotPassword={() => {
              setForgotUsed(true);
              setForgotOpen(true);
            }}
            email={resetEmail}
          />
        </div>
        <Typography.Text type="secondary" className="md-login-footer">
          {tl('footer.notice')}
        </Typography.Text>
      </main>
      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordModal
            open={forgotOpen}
            onClose={() => setForgotOpen(false)}
            onReset={(email) => {
              setResetEmail(email);
              setForgotOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
