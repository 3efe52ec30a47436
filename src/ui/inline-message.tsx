/**
 * A message inside the page: a result that comes and goes (success, polite) or a failure
 * (announced), with an optional action such as 'Retry'.
 */
import type { ReactNode } from 'react';
import { message as messageClass, text } from './inline-message.css.ts';

export function InlineMessage({ tone, children, action }: { tone: 'success' | 'danger' | 'info'; children: ReactNode; action?: ReactNode }) {
  return (
    <div className={messageClass} data-tone={tone} role={tone === 'danger' ? 'alert' : 'status'}>
      <span className={text}>{children}</span>
      {action}
    </div>
  );
}
