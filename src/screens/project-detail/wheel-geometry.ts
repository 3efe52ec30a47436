/**
 * Geometry of the project wheel: studies on an inner ring, their scenarios on an outer ring, each
 * study's share of the circle proportional to its scenarios (at least one slot, so a study without
 * scenarios still shows). Angles in degrees, clockwise from 12 o'clock.
 */
import type { ScenarioSummary, StudyWithScenarios } from '@machines/project-detail/project-detail.types.ts';

export interface Ring {
  inner: number;
  outer: number;
}

export interface StudyArc {
  study: StudyWithScenarios;
  start: number;
  end: number;
  scenarios: Array<{ scenario: ScenarioSummary; start: number; end: number }>;
}

function point(cx: number, cy: number, r: number, degrees: number): [number, number] {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [cx + r * Math.cos(radians), cy + r * Math.sin(radians)];
}

const round = (n: number) => Math.round(n * 100) / 100;

/** An annular sector as an SVG path; a full circle when the span is 360°. */
export function sectorPath(cx: number, cy: number, ring: Ring, start: number, end: number): string {
  const span = end - start;
  if (span >= 359.99) {
    // Two half arcs per circle: SVG cannot draw a full circle with one arc.
    const o = ring.outer;
    const i = ring.inner;
    return [
      `M ${round(cx)} ${round(cy - o)}`,
      `A ${o} ${o} 0 1 1 ${round(cx)} ${round(cy + o)}`,
      `A ${o} ${o} 0 1 1 ${round(cx)} ${round(cy - o)}`,
      `M ${round(cx)} ${round(cy - i)}`,
      `A ${i} ${i} 0 1 0 ${round(cx)} ${round(cy + i)}`,
      `A ${i} ${i} 0 1 0 ${round(cx)} ${round(cy - i)}`,
      'Z',
    ].join(' ');
  }
  const large = span > 180 ? 1 : 0;
  const [x1, y1] = point(cx, cy, ring.outer, start);
  const [x2, y2] = point(cx, cy, ring.outer, end);
  const [x3, y3] = point(cx, cy, ring.inner, end);
  const [x4, y4] = point(cx, cy, ring.inner, start);
  return [
    `M ${round(x1)} ${round(y1)}`,
    `A ${ring.outer} ${ring.outer} 0 ${large} 1 ${round(x2)} ${round(y2)}`,
    `L ${round(x3)} ${round(y3)}`,
    `A ${ring.inner} ${ring.inner} 0 ${large} 0 ${round(x4)} ${round(y4)}`,
    'Z',
  ].join(' ');
}

/** Lays the studies and their (visible) scenarios around the circle, with a small gap between arcs. */
export function layoutWheel(studies: StudyWithScenarios[], gapDegrees = 1.5): StudyArc[] {
  const slots = studies.map((s) => Math.max(1, (s.configurations ?? []).filter((c) => !c.hidden).length));
  const total = slots.reduce((a, b) => a + b, 0);
  if (total === 0) return [];
  const single = studies.length === 1;
  let cursor = 0;
  return studies.map((study, i) => {
    const span = (slots[i]! / total) * 360;
    const start = cursor;
    const end = cursor + span;
    cursor = end;
    const visible = (study.configurations ?? []).filter((c) => !c.hidden);
    const step = visible.length ? span / visible.length : 0;
    const gap = single && visible.length <= 1 ? 0 : gapDegrees;
    return {
      study,
      start: start + (single ? 0 : gap / 2),
      end: end - (single ? 0 : gap / 2),
      scenarios: visible.map((scenario, k) => ({
        scenario,
        start: start + k * step + gap / 2,
        end: start + (k + 1) * step - gap / 2,
      })),
    };
  });
}
