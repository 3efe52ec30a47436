/** Named readings of the study records machine (the images mode, the reports mode, a report container). */
import type { SnapshotFrom } from 'xstate';
import type { studyRecordsMachine } from './study-records.machine.ts';

type Snapshot = SnapshotFrom<typeof studyRecordsMachine>;

/** A change or a load is on its way (the controls that change wait). */
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectError = (s: Snapshot) => s.context.error;
export const selectFields = (s: Snapshot) => s.context.fields;
/** The records as the screen's `load` answered them, or null before the first answer. */
export const selectData = <T>(s: Snapshot): T | null => s.context.data as T | null;
