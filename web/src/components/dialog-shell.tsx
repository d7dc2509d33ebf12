import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { keepTabInside, rememberFocus } from '../lib/return-focus.ts';
import classes from './dialog-shell.module.css';

/** A dialog's scrolling body, its footer of actions, and a form holding both. */
export const dialogParts = { body: classes.body, foot: classes.foot, form: classes.dialogForm };

/** A modal dialog (the browser's own: focus kept inside, Escape closes) open while it is mounted. */
export function DialogShell(props: {
  title: string;
  subtitle?: string;
  /** A short question: on phones a sheet at the bottom rather than the whole screen. */
  compact?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Opened on mount; on unmount closed before React removes it, and focus goes back to the
  // button that opened it (or what took its place).
  useLayoutEffect(() => {
    const element = dialog.current;
    const returnFocus = rememberFocus();
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      returnFocus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={props.compact ? `${classes.dialog} ${classes.compact}` : classes.dialog}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (dialog.current) keepTabInside(event, dialog.current);
      }}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <header className={classes.dialogHead}>
        <div>
          <h2 id={titleId}>{props.title}</h2>
          {props.subtitle && <p>{props.subtitle}</p>}
        </div>
        <button type="button" className={classes.close} onClick={props.onClose} aria-label={t('close')}>
          <IconX size={18} aria-hidden="true" />
        </button>
      </header>
      {props.children}
    </dialog>
  );
}
