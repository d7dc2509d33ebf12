import type { TripInput } from '@aylal/shared/schemas/trips';
import type { SchemaForm } from '../../../lib/forms/use-schema-form.ts';

export type TripFormState = SchemaForm<TripInput>;
