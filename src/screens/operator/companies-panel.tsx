/** Every company with its size; a new company; the chosen company's subscriptions and credits. */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { selectCompanies, selectRefusal, selectSaving, selectSelectedCompany } from '@machines/operator/operator.selectors.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import { Button } from '../../ui/button.tsx';
import { formatDate, formatNumber } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { card, cardBody, cardHeader, numeric, sectionTitle, stack, table, td, th, toolbar } from '../../ui/surface.css.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import type { OperatorRef } from './operator-ref.ts';
import { CompanySubscriptions } from './company-subscriptions.tsx';
import { CompanyLimitsPanel } from './company-limits.tsx';

export function CompaniesPanel({ operator }: { operator: OperatorRef }) {
  const companies = useSelector(operator, selectCompanies);
  const selected = useSelector(operator, selectSelectedCompany);
  const saving = useSelector(operator, selectSaving);
  const refusal = useSelector(operator, selectRefusal('company.create'));
  const [name, setName] = useState('');

  function create(event: FormEvent) {
    event.preventDefault();
    operator.send({ type: 'change.submit', change: { kind: 'company.create', name: name.trim() } });
  }

  return (
    <div className={stack}>
      <section className={card} aria-labelledby="operator-companies">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="operator-companies">
            Companies
          </h2>
        </header>
        <table className={table}>
          <thead>
            <tr>
              <th className={th}>Company</th>
              <th className={`${th} ${numeric}`}>Users</th>
              <th className={`${th} ${numeric}`}>Subscriptions</th>
              <th className={th}>Since</th>
              <th className={th}>
                <span className={visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {companies.map((c) => (
              <tr key={c.id} aria-current={selected?.id === c.id ? 'true' : undefined}>
                <td className={td}>{c.name}</td>
                <td className={`${td} ${numeric}`}>{formatNumber(c.user_count)}</td>
                <td className={`${td} ${numeric}`}>{formatNumber(c.subscription_count)}</td>
                <td className={td}>{formatDate(c.created)}</td>
                <td className={td}>
                  <Button size="sm" aria-label={`Subscriptions of ${c.name}`} onClick={() => operator.send({ type: 'company.select', companyId: c.id })}>
                    Subscriptions
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <form className={`${cardBody} ${toolbar}`} onSubmit={create} noValidate aria-label="New company">
          <TextField id="operator-company-name" label="New company" value={name} onValueChange={setName} errors={refusal?.fields.name} />
          <Button type="submit" tone="primary" disabled={saving || !name.trim()}>
            Create company
          </Button>
          {refusal && !refusal.fields.name ? <InlineMessage tone="danger">{errorMessage(refusal)}</InlineMessage> : null}
        </form>
      </section>
      {selected ? <CompanySubscriptions operator={operator} company={selected} /> : null}
      {selected ? <CompanyLimitsPanel operator={operator} company={selected} /> : null}
    </div>
  );
}
