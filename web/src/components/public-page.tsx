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

/** A public page's heading: its title over the dimmed line that introduces it; `className` lays it out in its page. */
export function PageHead(props: { className?: string; title: string; intro: string }) {
  return (
    <header className={props.className}>
      <h1>{props.title}</h1>
      <p className="dimmed">{props.intro}</p>
    </header>
  );
}
