/**
 * The first account of an installation becomes its operator (server/src/contexts/accounts/operator/
 * operator-seat.ts): this says so on the project list, and what it means, until the operator has
 * read it ("Got it" is remembered in this browser).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { selectIsOperator } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';

export const OPERATOR_WELCOME_KEY = 'canopy.operatorWelcomeRead.v1';

function alreadyRead(): boolean {
  try {
    return localStorage.getItem(OPERATOR_WELCOME_KEY) === '1';
  } catch {
    return false;
  }
}

export function OperatorWelcome() {
  const operator = PermissionsContext.useSelector(selectIsOperator);
  // Whether it was read is this browser's memory, not the app's state.
  const [read, setRead] = useState(alreadyRead);
  if (!operator || read) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(OPERATOR_WELCOME_KEY, '1');
    } catch {
      // Private browsing: it shows again next time.
    }
    setRead(true);
  };
  return (
    <section aria-label="You are this installation's operator" style={{ marginBottom: 16 }}>
      <InlineMessage
        tone="info"
        action={
          <Button size="sm" onClick={dismiss}>
            Got it
          </Button>
        }
      >
        <strong>You are this installation&apos;s operator.</strong> The first account on a Canopy installation runs it: you create companies, set their
        subscriptions and credits, the prices of analyses, the weather stations to avoid and the end-user agreement, on the{' '}
        <Link href="/operator">Operator screen</Link> (also in your user menu). Everything else works for you as for anyone: your company&apos;s projects,
        scenarios and credits.
      </InlineMessage>
    </section>
  );
}
