/** Prices: the credits each analysis debits per job level (changeable), and what each plan costs. */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { ANALYSIS_LABELS } from '@machines/scenario-wizard/scenario-inputs.ts';
import { selectLastChange, selectPlanPrices, selectRefusal, selectSaving, selectSimulationPrices } from '@machines/operator/operator.selectors.ts';
import type { SimulationPrice } from '@machines/operator/operator.types.ts';
import type { AnalysisType } from '@canopy/contract/parameter-sets.ts';
import { Button } from '../../ui/button.tsx';
import { formatNumber } from '../../ui/format.ts';
import { TextField } from '../../ui/text-field.tsx';
import { card, cardHeader, muted, numeric, sectionTitle, stack, table, td, th } from '../../ui/surface.css.ts';
import type { OperatorRef } from './operator-ref.ts';

const label = (type: string) => ANALYSIS_LABELS[type as AnalysisType] ?? type;

function PriceRow({ operator, price }: { operator: OperatorRef; price: SimulationPrice }) {
  const saving = useSelector(operator, selectSaving);
  const refused = useSelector(operator, selectRefusal('price.update'));
  const last = useSelector(operator, selectLastChange);
  const refusal = last?.kind === 'price.update' && last.id === price.id ? refused : null;
  const [credits, setCredits] = useState(String(price.credits));
  const value = Number(credits);
  const name = `${label(price.simulation_type)} at the ${price.credit_type} level`;
  return (
    <tr>
      <td className={td}>{label(price.simulation_type)}</td>
      <td className={td}>{price.credit_type}</td>
      <td className={`${td} ${numeric}`}>
        <form
          style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', alignItems: 'flex-end' }}
          onSubmit={(e) => {
            e.preventDefault();
            operator.send({ type: 'change.submit', change: { kind: 'price.update', id: price.id, credits: value } });
          }}
        >
          <TextField
            id={`operator-price-${price.id}`}
            label={`Credits for ${name}`}
            hideLabel
            inputMode="numeric"
            value={credits}
            onValueChange={setCredits}
            errors={refusal?.fields.credits}
          />
          <Button
            size="sm"
            type="submit"
            aria-label={`Save the price of ${name}`}
            disabled={saving || !Number.isInteger(value) || value < 1 || value === price.credits}
          >
            Save
          </Button>
        </form>
      </td>
      <td className={`${td} ${muted}`}>{price.description}</td>
    </tr>
  );
}

export function PricesPanel({ operator }: { operator: OperatorRef }) {
  const prices = useSelector(operator, selectSimulationPrices);
  const plans = useSelector(operator, selectPlanPrices);
  return (
    <div className={stack}>
      <section className={card} aria-labelledby="operator-analysis-prices">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="operator-analysis-prices">
            Analysis prices
          </h2>
          <span className={muted}>Credits per season, for up to 16 wind directions</span>
        </header>
        <table className={table}>
          <thead>
            <tr>
              <th className={th}>Analysis</th>
              <th className={th}>Level</th>
              <th className={`${th} ${numeric}`}>Credits</th>
              <th className={th}>Description</th>
            </tr>
          </thead>
          <tbody>
            {prices.map((p) => (
              <PriceRow key={`${p.id}:${p.credits}`} operator={operator} price={p} />
            ))}
          </tbody>
        </table>
      </section>
      <section className={card} aria-labelledby="operator-plan-prices">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="operator-plan-prices">
            Plans
          </h2>
        </header>
        <table className={table}>
          <thead>
            <tr>
              <th className={th}>Plan</th>
              <th className={th}>Level</th>
              <th className={`${th} ${numeric}`}>Credits</th>
              <th className={`${th} ${numeric}`}>Price</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => (
              <tr key={p.id}>
                <td className={td}>{p.plan}</td>
                <td className={td}>{p.credit_type}</td>
                <td className={`${td} ${numeric}`}>
                  {formatNumber(p.credits_per_period)} a {p.period}
                </td>
                <td className={`${td} ${numeric}`}>
                  {p.price.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} {p.currency}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
