import { useTranslation } from 'react-i18next';

/**
 * A part of the page that did not load: what failed (an alert, read out at once) and the button to
 * ask again. Plain HTML, as the public pages are drawn; `className` places it in its page.
 */
export function LoadFailed(props: { className?: string; message: string; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div className={props.className} role="alert">
      <p>{props.message}</p>
      <button type="button" className="btn btn-light" onClick={() => void props.onRetry()}>
        {t('retry')}
      </button>
    </div>
  );
}
