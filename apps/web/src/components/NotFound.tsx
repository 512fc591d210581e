// A page that is not there: an unknown path, variant or table.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** The not-found page, with its own heading when a route knows what is missing, and why where it knows that. */
export function NotFound({ title, detail }: { title?: string; detail?: string }) {
  const { t } = useTranslation();
  const heading = title ?? t('notFound.title');
  useEffect(() => {
    document.title = `${heading} · ${t('app.name')}`;
  }, [heading, t]);
  return (
    <div className="page">
      <h1>{heading}</h1>
      {detail && <p className="notice notice--error">{detail}</p>}
      <p>
        <Link to="/">{t('table.backHome')}</Link>
      </p>
    </div>
  );
}
