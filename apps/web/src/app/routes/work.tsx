import { useTranslation } from 'react-i18next';
import { ContentPlaceholder } from '@/components/content-placeholder';

export default function WorkPage() {
  const { t } = useTranslation('pages');
  return <ContentPlaceholder description={t('work.description')} />;
}
