import { useTranslation } from 'react-i18next';
import { ContentPlaceholder } from '@/components/content-placeholder';

export default function AnalysisPage() {
  const { t } = useTranslation('pages');
  return <ContentPlaceholder description={t('analysis.description')} />;
}
