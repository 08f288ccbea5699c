import { useTranslation } from 'react-i18next';

/** First focusable element: jumps over the top bar to the main content. */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${target}`}
      className="skip-link"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      {t('app.skip-to-content')}
    </a>
  );
}
