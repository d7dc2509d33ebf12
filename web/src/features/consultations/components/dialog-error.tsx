import type { ReactNode } from 'react';
import classes from './consultations.module.css';

/** What went wrong in a consultation dialog, read out at once; nothing while all is well. */
export function DialogError(props: { error: string | null; children?: ReactNode }) {
  if (!props.error) return null;
  return (
    <p className={classes.error} role="alert">
      {props.error}
      {props.children}
    </p>
  );
}
