/**
 * The level card: the job level the user's subscription runs at (AI or CFD) and its credits used
 * and left this period (from the subscription's usage).
 */
import type { Subscription } from '@machines/project-detail/project-detail.types.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { formatDate, formatNumber } from '../../ui/format.ts';
import { card, cardBody, cardHeader, muted, sectionTitle } from '../../ui/surface.css.ts';
import { bigNumber, flush, levelNumbers, meter, meterFill, smallNote } from './project-detail.css.ts';

export interface LevelCardProps {
  loading: boolean;
  /** Failed after the automatic attempts: the user may try again. */
  unavailable: boolean;
  subscription: Subscription | null;
  onRetry(): void;
}

export function LevelCard({ loading, unavailable, subscription, onRetry }: LevelCardProps) {
  const used = subscription?.credits_used ?? 0;
  const total = subscription?.credits_per_period ?? 0;
  const share = total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0;
  return (
    <section className={card} aria-labelledby="level-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="level-title">
          Job level
        </h2>
        {subscription ? <Badge tone={subscription.credit_type === 'CFD' ? 'info' : 'accent'}>{subscription.credit_type}</Badge> : null}
      </header>
      <div className={cardBody}>
        {loading ? (
          <p className={`${muted} ${flush}`}>Loading…</p>
        ) : unavailable ? (
          <div role="alert">
            <p className={`${muted} ${flush}`}>Your subscription could not be read. Credits are checked again when a scenario is submitted.</p>
            <Button size="sm" onClick={onRetry}>
              Retry
            </Button>
          </div>
        ) : !subscription ? (
          <p className={`${muted} ${flush}`}>No subscription is assigned to you. Ask your company administrator for one to run simulations.</p>
        ) : (
          <>
            <p className={`${muted} ${flush}`}>
              {subscription.plan} · {subscription.credit_type} credits
            </p>
            <div className={levelNumbers}>
              <span>
                <span className={bigNumber}>{formatNumber(subscription.credits_left)}</span> <span className={muted}>credits left</span>
              </span>
              <span className={muted}>{formatNumber(used)} used</span>
            </div>
            <div
              className={meter}
              role="meter"
              aria-label="Credits used this period"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={used}
              aria-valuetext={`${used} of ${total} credits used`}
            >
              <div className={meterFill} style={{ width: `${share}%` }} />
            </div>
            <p className={smallNote}>
              {formatNumber(total)} credits per period · refills {formatDate(subscription.next_refill)}
              {subscription.is_expired ? ' · expired' : ''}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
