/**
 * How the auth screens put a server failure into words: field errors go next to their field, and
 * the rest (detail, non_field_errors, fields the form does not show) above the form.
 */
import type { ServerError } from '@machines/auth/auth.types.ts';

export function fieldErrors(error: ServerError | null, field: string): string[] {
  return error?.fields[field] ?? [];
}

const FALLBACK: Record<ServerError['kind'], string> = {
  http: 'Something went wrong. Please try again.',
  permission: 'You do not have permission to perform this action.',
  timeout: 'The server took too long to answer. Please try again.',
  network: 'The server could not be reached. Check your connection and try again.',
  session: 'Your session has expired. Please sign in again.',
};

/** The form-level message: everything the fields shown next to inputs do not already say. */
export function formMessage(error: ServerError | null, shownFields: readonly string[]): string | null {
  if (!error) return null;
  const rest = Object.entries(error.fields)
    .filter(([field]) => !shownFields.includes(field))
    .flatMap(([, messages]) => messages);
  const parts = [error.detail, ...rest].filter((m): m is string => Boolean(m));
  if (parts.length) return parts.join(' ');
  const fieldsShown = Object.keys(error.fields).some((field) => shownFields.includes(field));
  return fieldsShown ? null : FALLBACK[error.kind];
}
