import { useTranslation } from 'react-i18next';
import { ContentPlaceholder } from '@/components/content-placeholder';

export default function DashboardPage() {
  const { t } = useTranslation('pages');
  return <ContentPlaceholder description={t('dashboard.description')} />;
}
