/**
 * Scenario statuses as the wheel and the cards show them: a colour family and a label. The status
 * strings are the scenario capability's (issue 9); anything unknown shows as neutral with its own
 * words.
 */
import type { BadgeTone } from '../../ui/badge.tsx';

export interface StatusLook {
  label: string;
  tone: BadgeTone;
  /** Fill of the wheel segment. */
  fill: string;
}

const LOOKS: Record<string, StatusLook> = {
  draft: { label: 'Draft', tone: 'neutral', fill: '#c3ccc8' },
  validating: { label: 'Validating', tone: 'info', fill: '#7aa2e3' },
  awaiting_approval: { label: 'Awaiting approval', tone: 'warning', fill: '#e8b44c' },
  awaiting_external_results: { label: 'Awaiting results', tone: 'warning', fill: '#e8b44c' },
  queued: { label: 'Queued', tone: 'info', fill: '#9bb7ea' },
  running: { label: 'Running', tone: 'info', fill: '#3f7bd9' },
  post_processing: { label: 'Post-processing', tone: 'info', fill: '#5b8fdf' },
  completed: { label: 'Completed', tone: 'success', fill: '#2f8f63' },
  failed: { label: 'Failed', tone: 'danger', fill: '#cf4b3f' },
  cancelled: { label: 'Cancelled', tone: 'neutral', fill: '#8d9893' },
};

export function statusLook(status: string): StatusLook {
  const key = status.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return LOOKS[key] ?? { label: status || 'Unknown', tone: 'neutral', fill: '#aab4b0' };
}

/** The legend: the statuses in the order a scenario moves through them. */
export const LEGEND = ['draft', 'validating', 'awaiting_approval', 'queued', 'running', 'completed', 'failed'].map((s) => ({ status: s, ...LOOKS[s]! }));
