/** One subscription with its credits per month as a field the operator may change. */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { selectLastChange, selectRefusal, selectSaving } from '@machines/operator/operator.selectors.ts';
import type { Subscription } from '@machines/operator/operator.types.ts';
import { Button } from '../../ui/button.tsx';
import { formatNumber } from '../../ui/format.ts';
import { TextField } from '../../ui/text-field.tsx';
import { muted, numeric, td } from '../../ui/surface.css.ts';
import type { OperatorRef } from './operator-ref.ts';

export function SubscriptionCreditsRow({ operator, subscription: s }: { operator: OperatorRef; subscription: Subscription }) {
  const saving = useSelector(operator, selectSaving);
  const refused = useSelector(operator, selectRefusal('subscription.update'));
  const last = useSelector(operator, selectLastChange);
  // A refusal belongs to the row whose change it answers.
  const refusal = last?.kind === 'subscription.update' && last.id === s.id ? refused : null;
  const [credits, setCredits] = useState(String(s.credits_per_period));
  const value = Number(credits);
  const changed = Number.isInteger(value) && value >= 1 && value !== s.credits_per_period;
  return (
    <tr>
      <td className={td}>{s.plan}</td>
      <td className={td}>{s.credit_type}</td>
      <td className={td}>{s.user_name ?? <span className={muted}>Not assigned</span>}</td>
      <td className={`${td} ${numeric}`}>
        <form
          style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', alignItems: 'flex-end' }}
          onSubmit={(e) => {
            e.preventDefault();
            operator.send({ type: 'change.submit', change: { kind: 'subscription.update', id: s.id, creditsPerPeriod: value } });
          }}
        >
          <TextField
            id={`operator-credits-${s.id}`}
            label={`Credits per month of ${s.plan}`}
            hideLabel
            inputMode="numeric"
            value={credits}
            onValueChange={setCredits}
            errors={refusal?.fields.credits_per_period}
          />
          <Button size="sm" type="submit" disabled={saving || !changed}>
            Save
          </Button>
        </form>
      </td>
      <td className={`${td} ${numeric}`}>{formatNumber(s.credits_used)}</td>
      <td className={`${td} ${numeric}`}>{formatNumber(s.credits_reserved)}</td>
      <td className={`${td} ${numeric}`}>{formatNumber(s.credits_left)}</td>
    </tr>
  );
}
