/**
 * The insight sorter (SPEC §2: drag to reorder, saved as sort_order): the list in sort_order.
 * Reorder by dragging a row's handle with any pointer (mouse, pen, touch), by keyboard — Alt+↑ /
 * Alt+↓ anywhere in the row, ↑ / ↓ on the handle — or with the Move up / Move down buttons. Each
 * move is one PUT of the insight's new sort_order: the place, in the study's whole list, of the row
 * it was dropped on (a type filter may hide some). Draft/Published toggle and delete only for users
 * who may add insights.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Insight, InsightCategory } from '@canopy/contract/insights.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import * as css from './insights.css.ts';

export interface InsightListProps {
  insights: Insight[];
  categories: InsightCategory[];
  selectedId: number | null;
  mayEdit: boolean;
  busy: boolean;
  onSelect(id: number): void;
  /** Moves the insight to `index` of the whole study's order (its sort_order). */
  onMove(id: number, index: number): void;
  onStatus(id: number, status: 'Draft' | 'Published'): void;
  onDelete(id: number): void;
}

interface Drag {
  id: number;
  from: number;
  over: number;
}

const HELP_ID = 'insight-sorter-help';

/** The row under a pointer at `clientY`: above the first row is the first, below the last the last. */
function rowAt(list: HTMLUListElement | null, clientY: number): number | null {
  const rows = list ? Array.from(list.children) : [];
  if (rows.length === 0) return null;
  const i = rows.findIndex((row) => clientY < row.getBoundingClientRect().bottom);
  return i < 0 ? rows.length - 1 : i;
}

export function InsightList({ insights, categories, selectedId, mayEdit, busy, onSelect, onMove, onStatus, onDelete }: InsightListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (from: number, to: number) => {
    const insight = insights[from];
    const target = insights[to];
    if (!insight || !target || from === to || busy) return;
    onMove(insight.id, target.sort_order);
    setAnnouncement(`${insight.title} moved to position ${to + 1} of ${insights.length}.`);
  };

  const onRowKey = (e: KeyboardEvent, i: number, onHandle: boolean) => {
    if (!mayEdit || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    if (!e.altKey && !onHandle) return;
    if (drag) return;
    e.preventDefault();
    e.stopPropagation();
    move(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
  };

  const handlers = (insight: Insight, i: number) => ({
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      if (e.button !== 0 || busy) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      setDrag({ id: insight.id, from: i, over: i });
    },
    onPointerMove: (e: PointerEvent<HTMLButtonElement>) => {
      if (!drag || drag.id !== insight.id) return;
      const over = rowAt(listRef.current, e.clientY);
      if (over !== null && over !== drag.over) setDrag({ ...drag, over });
    },
    onPointerUp: (e: PointerEvent<HTMLButtonElement>) => {
      if (!drag || drag.id !== insight.id) return;
      const over = rowAt(listRef.current, e.clientY) ?? drag.over;
      setDrag(null);
      move(drag.from, over);
    },
    onPointerCancel: () => setDrag(null),
    onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
      if (drag && e.key === 'Escape') {
        e.stopPropagation();
        setDrag(null);
        return;
      }
      onRowKey(e, i, true);
    },
  });

  const dropClass = (i: number) => {
    if (!drag || drag.over !== i || drag.from === i) return '';
    return drag.over < drag.from ? css.dropBefore : css.dropAfter;
  };

  return (
    <>
      {mayEdit ? (
        <p id={HELP_ID} className={visuallyHidden}>
          Drag the handle to reorder, or press Alt and the up or down arrow.
        </p>
      ) : null}
      <ul ref={listRef} className={css.list} aria-label="Insights list">
        {insights.map((insight, i) => {
          const category = categories.find((c) => c.key === insight.category)?.name;
          return (
            <li
              key={insight.id}
              className={[css.item, insight.id === selectedId ? css.selected : '', drag?.id === insight.id ? css.dragging : '', dropClass(i)].join(' ')}
              aria-label={insight.title}
              aria-current={insight.id === selectedId ? 'true' : undefined}
              onKeyDown={(e) => onRowKey(e, i, false)}
            >
              <div className={css.row}>
                {mayEdit ? (
                  <button
                    type="button"
                    className={css.dragHandle}
                    aria-label={`Reorder ${insight.title}`}
                    aria-describedby={HELP_ID}
                    title="Drag to reorder (Alt+↑ / Alt+↓)"
                    {...handlers(insight, i)}
                  >
                    ⠿
                  </button>
                ) : null}
                <button
                  type="button"
                  className={css.title}
                  style={{ all: 'unset', cursor: 'pointer', fontWeight: 600, flex: 1 }}
                  onClick={() => onSelect(insight.id)}
                >
                  {insight.title}
                </button>
                <Badge tone={insight.insight_status === 'Published' ? 'success' : 'neutral'}>{insight.insight_status}</Badge>
              </div>
              {category ? <span className={css.muted}>{category}</span> : null}
              {mayEdit ? (
                <div className={css.row}>
                  <Button size="sm" tone="ghost" aria-label={`Move ${insight.title} up`} disabled={busy || i === 0} onClick={() => move(i, i - 1)}>
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    tone="ghost"
                    aria-label={`Move ${insight.title} down`}
                    disabled={busy || i === insights.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    ↓
                  </Button>
                  <label className={css.muted}>
                    <input
                      type="checkbox"
                      checked={insight.insight_status === 'Published'}
                      disabled={busy}
                      onChange={(e) => onStatus(insight.id, e.target.checked ? 'Published' : 'Draft')}
                    />{' '}
                    Published
                  </label>
                  <Button size="sm" tone="ghost" aria-label={`Delete ${insight.title}`} disabled={busy} onClick={() => onDelete(insight.id)}>
                    Delete
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className={visuallyHidden} aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
