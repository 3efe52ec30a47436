/** The auth card's classes for the app's fields (src/ui/field-frame.tsx): the same frame, the card's look. */
import type { FieldClasses } from '../../ui/field-frame.tsx';
import { field, fieldError, input, label } from './auth.css.ts';

export const AUTH_FIELD: FieldClasses = { field, label, control: input, hint: '', error: fieldError };
