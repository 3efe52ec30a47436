/**
 * A running simulation's progress in words (percentage, direction, phase and time left
 * wherever a status shows): "42 % · direction 3 of 8 (90°) · averaging · about 12 min left". Pure,
 * so the badge, the viewer and the tests read the same sentence.
 */
import type { SimulationProgress, StalledDirection } from './live-status.types.ts';

/** The solver's phases (engine/cfd run/direction.ts) as a person says them. */
const PHASES: Record<string, string> = {
  preparing: 'building the grid',
  'spin-up': 'spinning up the flow',
  developing: 'developing the flow',
  averaging: 'averaging',
  'post-processing': 'reading the results',
};

export function phaseText(phase: string): string {
  return PHASES[phase] ?? phase.replaceAll('-', ' ');
}

/** Time left, rounded as a person would say it. */
export function etaText(seconds: number): string {
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest ? ` ${rest} min` : ''} left`;
}

/** A clock time as the status shows it, 24-hour with seconds, in the viewer's own time zone. */
function clockText(iso: string): string {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** A direction whose worker stopped answering: since when, and when another worker may take it over. */
export function stalledText(d: StalledDirection): string {
  const which = `direction ${d.index} (${Math.round(d.deg * 10) / 10}°)`;
  const resumes = d.resumes_by
    ? `another worker resumes it from its last checkpoint by ${clockText(d.resumes_by)}`
    : 'it resumes from its last checkpoint as soon as a worker is free';
  return `${which}: no word from its worker since ${clockText(d.since)}; ${resumes}`;
}

export interface ProgressView {
  /** 0–100, whole percent (never shows 100 before the run is done). */
  percent: number;
  /** The parts after the percentage, joined with ' · '. */
  detail: string;
  /** The whole sentence, for screen readers and titles. */
  text: string;
}

export function describeProgress(p: SimulationProgress): ProgressView {
  const percent = Math.max(0, Math.min(99, Math.floor(p.percent)));
  const parts: string[] = [];
  if (p.direction) parts.push(`direction ${p.direction.index} of ${p.direction.total} (${Math.round(p.direction.deg * 10) / 10}°)`);
  if (p.phase) parts.push(phaseText(p.phase));
  if (p.eta_s !== null) parts.push(etaText(p.eta_s));
  for (const stalled of p.stalled ?? []) parts.push(stalledText(stalled));
  const detail = parts.join(' · ');
  return { percent, detail, text: detail ? `${percent} % · ${detail}` : `${percent} %` };
}
