/** The company's subscriptions: plan, credit type, holder, this period's credits, refill, expiry. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { billingMachine } from '@machines/company-admin/billing.machine.ts';
import {
  selectAvailableSubscriptions,
  selectSubscriptions,
  selectSubscriptionsError,
  selectSubscriptionsLoading,
} from '@machines/company-admin/company-admin.selectors.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDate, formatNumber } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { card, cardBody, cardHeader, muted, numeric, sectionTitle, table, td, th } from '../../ui/surface.css.ts';
import { meter, meterCell, meterFill, padded } from './company-admin.css.ts';

export function SubscriptionsPanel({ billing }: { billing: ActorRefFrom<typeof billingMachine> }) {
  const list = useSelector(billing, selectSubscriptions);
  const available = useSelector(billing, selectAvailableSubscriptions);
  const loading = useSelector(billing, selectSubscriptionsLoading);
  const error = useSelector(billing, selectSubscriptionsError);
  return (
    <section className={card} aria-labelledby="subscriptions-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="subscriptions-title">
          Subscriptions
        </h2>
        <span className={muted}>{available.length === 1 ? '1 not assigned' : `${available.length} not assigned`} · assign them on the Users tab</span>
      </header>
      {loading ? (
        <p className={`${padded} ${muted}`}>Loading…</p>
      ) : error ? (
        <div className={padded}>
          <InlineMessage
            tone="danger"
            action={
              <Button size="sm" onClick={() => billing.send({ type: 'subscriptions.retry' })}>
                Retry
              </Button>
            }
          >
            {error}
          </InlineMessage>
        </div>
      ) : list.length === 0 ? (
        <div className={cardBody}>
          <EmptyState
            compact
            headingLevel={3}
            title="No subscriptions"
            description="Subscriptions carry the AI or CFD credits simulations use. The operator of this installation issues them."
          />
        </div>
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
              <th className={th} scope="col">
                Held by
              </th>
              <th className={th} scope="col">
                Credits this period
              </th>
              <th className={th} scope="col">
                Next refill
              </th>
              <th className={th} scope="col">
                Expires
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((s) => {
              const share = s.credits_per_period > 0 ? Math.min(100, Math.round((s.credits_used / s.credits_per_period) * 100)) : 0;
              return (
                <tr key={s.id}>
                  <td className={td}>{s.plan}</td>
                  <td className={td}>
                    <Badge tone={s.credit_type === 'CFD' ? 'info' : 'accent'}>{s.credit_type}</Badge>
                  </td>
                  <td className={td}>{s.user_name ?? <span className={muted}>Not assigned</span>}</td>
                  <td className={`${td} ${meterCell}`}>
                    <span>
                      {formatNumber(s.credits_left)} left <span className={muted}>of {formatNumber(s.credits_per_period)}</span>
                      {/* Held for results still awaited from outside: taken when they arrive, returned if cancelled. */}
                      {s.credits_reserved > 0 ? <span className={muted}> · {formatNumber(s.credits_reserved)} reserved for awaited results</span> : null}
                    </span>
                    <div
                      className={meter}
                      role="meter"
                      aria-label={`${s.plan} credits used`}
                      aria-valuemin={0}
                      aria-valuemax={s.credits_per_period}
                      aria-valuenow={s.credits_used}
                    >
                      <div className={meterFill} style={{ width: `${share}%` }} />
                    </div>
                  </td>
                  <td className={`${td} ${numeric}`}>{formatDate(s.next_refill)}</td>
                  <td className={td}>{s.is_expired ? <Badge tone="danger">Expired</Badge> : s.expires_at ? formatDate(s.expires_at) : 'Never'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
