/**
 * The transfer context's request-side heavy work, run in the heavy-work pool's threads (ADR 15):
 * one table of an imported project archive parsed and checked.
 */
import { moving } from '../../jobs/transfer.ts';
import { readTable, type ReadTableInput, type ReadTableOutcome } from './read-table.ts';

export const TRANSFER_HEAVY_TASKS = {
  /** One table of an imported project archive parsed and checked (read-table.ts). */
  'transfer.readTable': (input: ReadTableInput): ReadTableOutcome => {
    const outcome = readTable(input);
    if (!outcome.ok) return outcome;
    // Weather stations' encoded hours move back rather than being copied.
    return moving(
      outcome,
      outcome.rows.map((row) => (row.station as { data?: Uint8Array } | undefined)?.data),
    );
  },
};
