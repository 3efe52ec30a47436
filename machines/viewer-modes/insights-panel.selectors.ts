/** Named readings of the insights panel machine. */
import type { SnapshotFrom } from 'xstate';
import type { insightsPanelMachine } from './insights-panel.machine.ts';
import type { Insight } from './insights-panel.types.ts';

type Snapshot = SnapshotFrom<typeof insightsPanelMachine>;

export const selectLoading = (s: Snapshot) => s.hasTag('loading');
export const selectFailed = (s: Snapshot) => s.hasTag('error');
/** A change or a deletion is on its way. */
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectError = (s: Snapshot) => s.context.error;
export const selectCategories = (s: Snapshot) => s.context.data.categories;
export const selectTemplates = (s: Snapshot) => s.context.data.templates;
export const selectGlobalTemplates = (s: Snapshot) => s.context.data.globalTemplates;
export const selectCategory = (s: Snapshot) => s.context.category;
/** The insight the user is asked to confirm deleting, or null. */
export const selectConfirmingDelete = (s: Snapshot) =>
  s.matches('confirmingDelete') ? (s.context.data.insights.find((i) => i.id === s.context.deletingId) ?? null) : null;

/** The list the panel shows: the chosen category's insights (all when none), in sort_order. */
export function selectVisibleInsights(s: Snapshot): Insight[] {
  const { category, data } = s.context;
  return category === null ? data.insights : data.insights.filter((i) => i.category === category);
}

export function selectSelected(s: Snapshot): Insight | null {
  return s.context.data.insights.find((i) => i.id === s.context.selectedId) ?? null;
}
