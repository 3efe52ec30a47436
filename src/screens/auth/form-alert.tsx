/** The form-level message: an error (announced) or a notice (polite). */
import { formError, notice } from './auth.css.ts';

export function FormAlert({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'notice' }) {
  if (!message) return null;
  return tone === 'error' ? (
    <p className={formError} role="alert">
      {message}
    </p>
  ) : (
    <p className={notice} role="status">
      {message}
    </p>
  );
}
