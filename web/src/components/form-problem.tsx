import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

/** A form's refusal that belongs to no one field, read out when it appears; nothing while there is none. */
export function FormProblem({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}
