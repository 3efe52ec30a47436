/**
 * Scenario statuses as the wheel and the cards show them: a colour family and a label. The status
 * strings are the scenario capability's; anything unknown shows as neutral with its own
 * words.
 */
import type { BadgeTone } from '../../ui/badge.tsx';
import { statusLabel } from '@canopy/engine/results/labels.ts';

export interface StatusLook {
  label: string;
  tone: BadgeTone;
  /** Fill of the wheel segment. */
  fill: string;
}

const LOOKS: Record<string, StatusLook> = {
  draft: { label: statusLabel('draft'), tone: 'neutral', fill: '#c3ccc8' },
  validating: { label: statusLabel('validating'), tone: 'info', fill: '#7aa2e3' },
  awaiting_approval: { label: statusLabel('awaiting_approval'), tone: 'warning', fill: '#e8b44c' },
  awaiting_external_results: { label: statusLabel('awaiting_external_results'), tone: 'warning', fill: '#e8b44c' },
  queued: { label: statusLabel('queued'), tone: 'info', fill: '#9bb7ea' },
  running: { label: statusLabel('running'), tone: 'info', fill: '#3f7bd9' },
  post_processing: { label: statusLabel('post_processing'), tone: 'info', fill: '#5b8fdf' },
  completed: { label: statusLabel('completed'), tone: 'success', fill: '#2f8f63' },
  failed: { label: statusLabel('failed'), tone: 'danger', fill: '#cf4b3f' },
  cancelled: { label: statusLabel('cancelled'), tone: 'neutral', fill: '#8d9893' },
};

export function statusLook(status: string): StatusLook {
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return LOOKS[key] ?? { label: status ? statusLabel(key) : 'Unknown', tone: 'neutral', fill: '#aab4b0' };
}

/** The legend: the statuses in the order a scenario moves through them. */
export const LEGEND = ['draft', 'validating', 'awaiting_approval', 'queued', 'running', 'completed', 'failed'].map((s) => ({ status: s, ...LOOKS[s]! }));
