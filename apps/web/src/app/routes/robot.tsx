import { useTranslation } from 'react-i18next';
import { ContentPlaceholder } from '@/components/content-placeholder';

export default function RobotPage() {
  const { t } = useTranslation('pages');
  return <ContentPlaceholder description={t('robot.description')} />;
}
