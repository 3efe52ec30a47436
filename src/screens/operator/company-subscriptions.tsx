/** One company's subscriptions: credits per period (changeable), used, reserved, left; and issuing another. */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { selectCompanyError, selectCompanyLoading, selectCompanySubscriptions, selectRefusal, selectSaving } from '@machines/operator/operator.selectors.ts';
import type { CreditType, OperatorCompany } from '@machines/operator/operator.types.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { card, cardBody, cardHeader, muted, numeric, sectionTitle, table, th, toolbar } from '../../ui/surface.css.ts';
import type { OperatorRef } from './operator-ref.ts';
import { SubscriptionCreditsRow } from './subscription-credits-row.tsx';

const CREDIT_TYPES = [
  { value: 'AI', label: 'AI level' },
  { value: 'CFD', label: 'CFD level' },
];

export function CompanySubscriptions({ operator, company }: { operator: OperatorRef; company: OperatorCompany }) {
  const loading = useSelector(operator, selectCompanyLoading);
  const error = useSelector(operator, selectCompanyError);
  const list = useSelector(operator, selectCompanySubscriptions);
  const saving = useSelector(operator, selectSaving);
  const refusal = useSelector(operator, selectRefusal('subscription.issue'));
  const [draft, setDraft] = useState({ plan: '', creditType: 'AI' as CreditType, credits: '100' });
  const credits = Number(draft.credits);

  function issue(event: FormEvent) {
    event.preventDefault();
    operator.send({
      type: 'change.submit',
      change: { kind: 'subscription.issue', companyId: company.id, plan: draft.plan.trim(), creditType: draft.creditType, creditsPerPeriod: credits },
    });
  }

  return (
    <section className={card} aria-labelledby="operator-company-subscriptions">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="operator-company-subscriptions">
          Subscriptions of {company.name}
        </h2>
      </header>
      {loading ? <p className={`${cardBody} ${muted}`}>Loading…</p> : null}
      {error ? (
        <div className={cardBody}>
          <InlineMessage
            tone="danger"
            action={
              <Button size="sm" onClick={() => operator.send({ type: 'company.retry' })}>
                Retry
              </Button>
            }
          >
            {error}
          </InlineMessage>
        </div>
      ) : null}
      {!loading && !error && list.length === 0 ? <p className={`${cardBody} ${muted}`}>No subscriptions yet: issue one below.</p> : null}
      {list.length > 0 ? (
        <table className={table}>
          <thead>
            <tr>
              <th className={th}>Plan</th>
              <th className={th}>Level</th>
              <th className={th}>Holder</th>
              <th className={`${th} ${numeric}`}>Credits per month</th>
              <th className={`${th} ${numeric}`}>Used</th>
              <th className={`${th} ${numeric}`}>Reserved</th>
              <th className={`${th} ${numeric}`}>Left</th>
            </tr>
          </thead>
          <tbody>
            {list.map((s) => (
              <SubscriptionCreditsRow key={`${s.id}:${s.credits_per_period}`} operator={operator} subscription={s} />
            ))}
          </tbody>
        </table>
      ) : null}
      <form className={`${cardBody} ${toolbar}`} onSubmit={issue} noValidate aria-label="Issue a subscription">
        <TextField
          id="operator-issue-plan"
          label="Plan"
          value={draft.plan}
          onValueChange={(plan) => setDraft((d) => ({ ...d, plan }))}
          errors={refusal?.fields.plan}
        />
        <SelectField
          id="operator-issue-level"
          label="Job level"
          value={draft.creditType}
          onValueChange={(v) => setDraft((d) => ({ ...d, creditType: v as CreditType }))}
          options={CREDIT_TYPES}
          errors={refusal?.fields.credit_type}
        />
        <TextField
          id="operator-issue-credits"
          label="Credits per month"
          inputMode="numeric"
          value={draft.credits}
          onValueChange={(v) => setDraft((d) => ({ ...d, credits: v }))}
          errors={refusal?.fields.credits_per_period}
        />
        <Button type="submit" tone="primary" disabled={saving || !draft.plan.trim() || !Number.isInteger(credits) || credits < 1}>
          Issue subscription
        </Button>
        {refusal && !['plan', 'credit_type', 'credits_per_period'].some((f) => f in refusal.fields) ? (
          <InlineMessage tone="danger">{errorMessage(refusal)}</InlineMessage>
        ) : null}
      </form>
    </section>
  );
}
