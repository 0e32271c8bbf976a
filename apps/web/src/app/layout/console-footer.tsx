import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function ConsoleFooter() {
  const { t } = useTranslation('layout');
  return (
    <footer className="md-footer">
      <span>© {new Date().getFullYear()} MakerDesk</span>
      <span className="md-footer-dot">·</span>
      <span>{t('footer.notice')}</span>
      <span className="md-footer-dot">·</span>
      <Link to="/agreement">{t('footer.agreement')}</Link>
    </footer>
  );
}
