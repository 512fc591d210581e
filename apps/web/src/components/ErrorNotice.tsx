// An error code shown in words.
import { useTranslation } from 'react-i18next';

/** The words for an error code (protocol, rules or `network`), announced as an alert. */
export function ErrorNotice({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p className="notice notice--error" role="alert">
      {t(`errors.${code}`, { defaultValue: t('errors.unknown') })}
    </p>
  );
}
