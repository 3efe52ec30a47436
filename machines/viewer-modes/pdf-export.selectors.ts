/** Named readings of the PDF export machine. */
import type { SnapshotFrom } from 'xstate';
import type { pdfExportMachine } from './pdf-export.machine.ts';

type Snapshot = SnapshotFrom<typeof pdfExportMachine>;

/** The 'Creating PDF' screen shows while this is true. */
export const selectExporting = (s: Snapshot) => s.hasTag('busy');
export const selectPdfError = (s: Snapshot) => s.context.error;
