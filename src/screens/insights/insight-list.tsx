/**
 * The insight sorter (SPEC §2): the list in sort_order; drag a row onto another to move it there, or
 * use Move up / Move down (keyboard); each move is one PUT sort_order. Draft/Published toggle and
 * delete only for users who may add insights.
 */
import { useState } from 'react';
import type { Insight, InsightCategory } from '@server/contract/insights.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
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

export function InsightList({ insights, categories, selectedId, mayEdit, busy, onSelect, onMove, onStatus, onDelete }: InsightListProps) {
  const [dragged, setDragged] = useState<number | null>(null);
  return (
    <ul className={css.list} aria-label="Insights list">
      {insights.map((insight, i) => {
        const category = categories.find((c) => c.key === insight.category)?.name;
        return (
          <li
            key={insight.id}
            className={[css.item, insight.id === selectedId ? css.selected : ''].join(' ')}
            aria-label={insight.title}
            aria-current={insight.id === selectedId ? 'true' : undefined}
            draggable={mayEdit}
            onDragStart={(e) => {
              setDragged(insight.id);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              if (dragged !== null) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              // The target's sort_order is its place in the study's whole list (the filter may hide some).
              if (dragged !== null && dragged !== insight.id) onMove(dragged, insight.sort_order);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
          >
            <div className={css.row}>
              <button type="button" className={css.title} style={{ all: 'unset', cursor: 'pointer', fontWeight: 600, flex: 1 }} onClick={() => onSelect(insight.id)}>
                {insight.title}
              </button>
              <Badge tone={insight.insight_status === 'Published' ? 'success' : 'neutral'}>{insight.insight_status}</Badge>
            </div>
            {category ? <span className={css.muted}>{category}</span> : null}
            {mayEdit ? (
              <div className={css.row}>
                <Button size="sm" tone="ghost" aria-label={`Move ${insight.title} up`} disabled={busy || i === 0} onClick={() => onMove(insight.id, insights[i - 1]!.sort_order)}>
                  ↑
                </Button>
                <Button size="sm" tone="ghost" aria-label={`Move ${insight.title} down`} disabled={busy || i === insights.length - 1} onClick={() => onMove(insight.id, insights[i + 1]!.sort_order)}>
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
  );
}
