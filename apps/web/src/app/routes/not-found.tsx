import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { HOME_PATH, LOGIN_PATH } from '../router/access';

/** Any path outside the route table: public, with antd's 404 illustration. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const { signedIn } = useAuth();
  return (
    <div className="md-not-found">
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.description')}
        extra={
          <Link to={signedIn ? HOME_PATH : LOGIN_PATH}>
            <Button type="primary">{signedIn ? t('action.backHome') : t('action.backToLogin')}</Button>
          </Link>
        }
      />
    </div>
  );
}
