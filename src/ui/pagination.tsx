/** Previous / next through numbered pages (pages start at 1), with where the user is. */
import { Button } from './button.tsx';
import { controls, pagination } from './pagination.css.ts';

export interface PaginationProps {
  page: number;
  pageSize: number;
  count: number;
  hasNext: boolean;
  onPage(page: number): void;
  label: string;
  busy?: boolean;
}

export function Pagination({ page, pageSize, count, hasNext, onPage, label, busy }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <nav className={pagination} aria-label={label}>
      <span aria-live="polite">{count === 0 ? 'Nothing to show' : `${first}–${last} of ${count}`}</span>
      <div className={controls}>
        <Button size="sm" onClick={() => onPage(page - 1)} disabled={busy || page <= 1}>
          Previous
        </Button>
        <span>
          Page {page} of {pages}
        </span>
        <Button size="sm" onClick={() => onPage(page + 1)} disabled={busy || !hasNext}>
          Next
        </Button>
      </div>
    </nav>
  );
}
