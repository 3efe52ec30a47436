/**
 * The body of a collection's card (company users, share groups, project administrators, project
 * shares, parameter sets): "Loading…", the list's failure with Retry, an empty state, or the
 * table given as children — in that order. The screen keeps the card and its header; the
 * feedback line above it comes from the collection's feedback region (machines/shared/collection.ts).
 */
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { InlineMessage } from './inline-message.tsx';
import { cardBody, muted } from './surface.css.ts';

export interface CollectionPanelProps {
  /** The first load is under way (a reload of a shown page keeps the table: leave this false). */
  loading?: boolean;
  /** The list's failure, in words; null when it loaded. */
  error?: string | null;
  onRetry?: () => void;
  /** What to say when the list is empty; null or absent while it has items. */
  empty?: { title: string; description?: ReactNode } | null;
  /** The table. */
  children: ReactNode;
}

export function CollectionPanel({ loading = false, error = null, onRetry, empty = null, children }: CollectionPanelProps) {
  if (loading) {
    return (
      <div className={cardBody}>
        <p className={muted}>Loading…</p>
      </div>
    );
  }
  if (error) {
    return (
      <div className={cardBody}>
        <InlineMessage
          tone="danger"
          action={
            onRetry ? (
              <Button size="sm" onClick={onRetry}>
                Retry
              </Button>
            ) : undefined
          }
        >
          {error}
        </InlineMessage>
      </div>
    );
  }
  if (empty) {
    return (
      <div className={cardBody}>
        <EmptyState compact headingLevel={3} title={empty.title} description={empty.description} />
      </div>
    );
  }
  return <>{children}</>;
}
