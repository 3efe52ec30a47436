/** What subscription plans cost, and the credits each kind of simulation uses. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { billingMachine } from '@machines/company-admin/billing.machine.ts';
import { selectPlanPrices, selectPricesError, selectPricesLoading, selectSimulationPrices } from '@machines/company-admin/company-admin.selectors.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { formatNumber, humanize } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { card, cardHeader, muted, numeric, sectionTitle, table, td, th } from '../../ui/surface.css.ts';
import { halves, padded } from './company-admin.css.ts';

export function PricesPanel({ billing }: { billing: ActorRefFrom<typeof billingMachine> }) {
  const plans = useSelector(billing, selectPlanPrices);
  const simulations = useSelector(billing, selectSimulationPrices);
  const loading = useSelector(billing, selectPricesLoading);
  const error = useSelector(billing, selectPricesError);
  if (error) {
    return (
      <InlineMessage
        tone="danger"
        action={
          <Button size="sm" onClick={() => billing.send({ type: 'prices.retry' })}>
            Retry
          </Button>
        }
      >
        {error}
      </InlineMessage>
    );
  }
  return (
    <div className={halves}>
      <section className={card} aria-labelledby="plans-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="plans-title">
            Subscription plans
          </h2>
        </header>
        {loading ? (
          <p className={`${padded} ${muted}`}>Loading…</p>
        ) : plans.length === 0 ? (
          <p className={`${padded} ${muted}`}>No plans are priced yet.</p>
        ) : (
          <table className={table}>
            <thead>
              <tr>
                <th className={th} scope="col">
                  Plan
                </th>
                <th className={th} scope="col">
                  Type
                </th>
                <th className={`${th} ${numeric}`} scope="col">
                  Credits
                </th>
                <th className={`${th} ${numeric}`} scope="col">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {plans.map((p) => (
                <tr key={p.id}>
                  <td className={td}>{p.plan}</td>
                  <td className={td}>
                    <Badge tone={p.credit_type === 'CFD' ? 'info' : 'accent'}>{p.credit_type}</Badge>
                  </td>
                  <td className={`${td} ${numeric}`}>
                    {formatNumber(p.credits_per_period)} / {p.period}
                  </td>
                  <td className={`${td} ${numeric}`}>{new Intl.NumberFormat('en', { style: 'currency', currency: p.currency || 'USD' }).format(p.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className={card} aria-labelledby="simulation-prices-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="simulation-prices-title">
            Credits per simulation
          </h2>
        </header>
        {loading ? (
          <p className={`${padded} ${muted}`}>Loading…</p>
        ) : simulations.length === 0 ? (
          <p className={`${padded} ${muted}`}>No simulation prices yet.</p>
        ) : (
          <table className={table}>
            <thead>
              <tr>
                <th className={th} scope="col">
                  Simulation
                </th>
                <th className={th} scope="col">
                  Type
                </th>
                <th className={`${th} ${numeric}`} scope="col">
                  Credits
                </th>
              </tr>
            </thead>
            <tbody>
              {simulations.map((s) => (
                <tr key={s.id}>
                  <td className={td}>
                    {humanize(s.simulation_type)}
                    {s.description ? <div className={muted}>{s.description}</div> : null}
                  </td>
                  <td className={td}>
                    <Badge tone={s.credit_type === 'CFD' ? 'info' : 'accent'}>{s.credit_type}</Badge>
                  </td>
                  <td className={`${td} ${numeric}`}>{formatNumber(s.credits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
