/** What the Comfort criteria tab reads from the company criteria machine. */
import type { SnapshotFrom } from 'xstate';
import { errorMessage } from '@machines/shared/actors.ts';
import type { companyCriteriaMachine } from './company-criteria.machine.ts';
import type { CompanyCriterion, Criterion } from './company-criteria.types.ts';

type Snapshot = SnapshotFrom<typeof companyCriteriaMachine>;

export const selectBuiltIn = (s: Snapshot): Criterion[] => s.context.builtIn;
export const selectTables = (s: Snapshot): CompanyCriterion[] => s.context.tables;
export const selectLoading = (s: Snapshot) => s.matches({ list: 'loading' }) && s.context.tables.length === 0 && s.context.builtIn.length === 0;
export const selectListError = (s: Snapshot) => (s.matches({ list: 'failed' }) ? errorMessage(s.context.listError) : null);
export const selectBusy = (s: Snapshot) => s.matches({ editor: 'saving' }) || s.matches({ editor: 'deleting' });
export const selectEditorOpen = (s: Snapshot) => s.matches({ editor: 'open' }) || s.matches({ editor: 'saving' });

/** What the open form starts from: the table edited, a built-in criterion copied, or nothing. */
export function selectEditorStart(s: Snapshot): { mode: 'new' | 'edit'; start: Criterion | CompanyCriterion | null } | null {
  const editing = s.context.editing;
  if (!editing) return null;
  if (editing.mode === 'new') return { mode: 'new', start: editing.from };
  return { mode: 'edit', start: s.context.tables.find((t) => t.pk === editing.pk) ?? null };
}

/** The server's field errors of the last refused save ({"classes.1.thresholdMs": […]}). */
export const selectSaveErrors = (s: Snapshot): Record<string, string[]> => s.context.saveError?.fields ?? {};

export const selectDeletion = (s: Snapshot): CompanyCriterion | null =>
  s.matches({ editor: 'confirmingDelete' }) || s.matches({ editor: 'deleting' }) ? (s.context.tables.find((t) => t.pk === s.context.deletion) ?? null) : null;

export const selectSuccess = (s: Snapshot) => (s.matches({ feedback: 'succeeded' }) ? (s.context.feedback?.message ?? null) : null);
export const selectFailure = (s: Snapshot) => (s.matches({ feedback: 'failed' }) ? (s.context.feedback?.message ?? null) : null);
