// A page that is not there: an unknown path, variant or table.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** The not-found page, with its own heading when a route knows what is missing. */
export function NotFound({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{title ?? t('notFound.title')}</h1>
      <p>
        <Link to="/">{t('table.backHome')}</Link>
      </p>
    </div>
  );
}
