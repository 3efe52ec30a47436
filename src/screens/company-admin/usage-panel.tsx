/** Usage history (SPEC §7 subscription-usage?page&order_by): sortable columns, pages from 1. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { billingMachine } from '@machines/company-admin/billing.machine.ts';
import type { UsageOrdering } from '@machines/company-admin/company-admin.types.ts';
import {
  selectUsage,
  selectUsageCount,
  selectUsageError,
  selectUsageHasNext,
  selectUsageLoading,
  selectUsageOrdering,
  selectUsagePage,
} from '@machines/company-admin/company-admin.selectors.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDate, formatNumber } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { card, cardBody, cardHeader, muted, numeric, sectionTitle, table, td, th } from '../../ui/surface.css.ts';
import { padded, paddedX, sortButton } from './company-admin.css.ts';

const PAGE_SIZE = 25;

type Column = 'date' | 'label' | 'used_by' | 'credit_type' | 'credits_used';
const COLUMNS: Array<{ key: Column; label: string; numeric?: boolean }> = [
  { key: 'date', label: 'Date' },
  { key: 'label', label: 'Scenario' },
  { key: 'used_by', label: 'Used by' },
  { key: 'credit_type', label: 'Type' },
  { key: 'credits_used', label: 'Credits', numeric: true },
];

export function UsagePanel({ billing }: { billing: ActorRefFrom<typeof billingMachine> }) {
  const rows = useSelector(billing, selectUsage);
  const page = useSelector(billing, selectUsagePage);
  const count = useSelector(billing, selectUsageCount);
  const hasNext = useSelector(billing, selectUsageHasNext);
  const ordering = useSelector(billing, selectUsageOrdering);
  const loading = useSelector(billing, selectUsageLoading);
  const error = useSelector(billing, selectUsageError);

  function orderBy(column: Column) {
    const next: UsageOrdering = ordering === column ? (`-${column}` as UsageOrdering) : column;
    billing.send({ type: 'usage.order', ordering: next });
  }
  const sortOf = (column: Column): 'ascending' | 'descending' | 'none' =>
    ordering === column ? 'ascending' : ordering === `-${column}` ? 'descending' : 'none';

  return (
    <section className={card} aria-labelledby="usage-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="usage-title">
          Usage history
        </h2>
        <span className={muted}>Every debit of a subscription’s credits.</span>
      </header>
      {error ? (
        <div className={padded}>
          <InlineMessage
            tone="danger"
            action={
              <Button size="sm" onClick={() => billing.send({ type: 'usage.retry' })}>
                Retry
              </Button>
            }
          >
            {error}
          </InlineMessage>
        </div>
      ) : !loading && rows.length === 0 ? (
        <div className={cardBody}>
          <EmptyState compact headingLevel={3} title="No usage yet" description="Credits used by submitted scenarios are listed here, newest first." />
        </div>
      ) : (
        <table className={table} aria-busy={loading}>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.key} className={`${th} ${c.numeric ? numeric : ''}`} scope="col" aria-sort={sortOf(c.key)}>
                  <button type="button" className={sortButton} onClick={() => orderBy(c.key)}>
                    {c.label}
                    <span aria-hidden>{sortOf(c.key) === 'ascending' ? '↑' : sortOf(c.key) === 'descending' ? '↓' : ''}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id}>
                <td className={td}>{formatDate(u.date)}</td>
                <td className={td}>{u.label}</td>
                <td className={td}>{u.used_by}</td>
                <td className={td}>
                  <Badge tone={u.credit_type === 'CFD' ? 'info' : 'accent'}>{u.credit_type}</Badge>
                </td>
                <td className={`${td} ${numeric}`}>{formatNumber(u.credits_used)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={paddedX}>
        <Pagination
          page={page}
          pageSize={PAGE_SIZE}
          count={count}
          hasNext={hasNext}
          busy={loading}
          label="Usage pages"
          onPage={(p) => billing.send({ type: 'usage.page', page: p })}
        />
      </div>
    </section>
  );
}
