/**
 * What the scenario preview draws, worked out from the preview machine's context: a layer per
 * geometry file coloured by its role, a ground where the scenario has no ground file, the
 * findings' highlights, the wind tunnel and study area outlines, and the legend's words.
 */
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import { ROLE_LABELS } from '@machines/scenario-wizard/scenario-inputs.ts';
import type { GeometryRole } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import type { FramingTarget, PreviewFile } from '@machines/scenario-preview/scenario-preview.machine.ts';
import type { TunnelExtent } from '@machines/scenario-preview/tunnel-extent.ts';
import type { FindingHighlight, SceneOutline, ThemeRole } from '../../../viewer/contracts.ts';
import { THEMES } from '../../../viewer/themes/themes.ts';
import { boundsOfPoints, findingBounds, highlightsOf, type Bounds } from '../../viewer/validation-findings.ts';

/** The viewer theme role each geometry role is drawn in (the default theme's colours). */
export const ROLE_THEME: Record<GeometryRole, ThemeRole> = {
  ground: 'ground_inner',
  study: 'study_proposed',
  surrounds: 'surround',
  presentation_planes: 'presentation_plane',
  landscaping: 'landscaping',
  mitigations: 'mitigation_v1',
};

export const TUNNEL_COLOUR = '#1f5fa8';
export const STUDY_AREA_COLOUR = '#d7191c';

export interface LegendEntry {
  key: string;
  colour: string;
  /** Filled swatch (a surface) or a line (an outline). */
  kind: 'fill' | 'line' | 'marker';
  words: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const metres = (m: number) => `${Math.round(m).toLocaleString('en-GB')} m`;

/** The legend: each role drawn (with its files), the ground, the site marker and, for CFD, the tunnel and study area. */
export function legendOf(files: readonly PreviewFile[], drawnGround: boolean, extent: TunnelExtent | null): LegendEntry[] {
  const roles = THEMES.default.roles;
  const entries: LegendEntry[] = [];
  for (const role of Object.keys(ROLE_THEME) as GeometryRole[]) {
    const own = files.filter((f) => f.role === role);
    if (role === 'ground' && !own.length) {
      if (drawnGround) entries.push({ key: 'ground', colour: roles.ground_outer.fill, kind: 'fill', words: 'Ground: flat at height 0 (no ground file)' });
      continue;
    }
    if (!own.length) continue;
    entries.push({ key: role, colour: roles[ROLE_THEME[role]].fill, kind: 'fill', words: `${ROLE_LABELS[role]}: ${own.map((f) => f.filename).join(', ')}` });
  }
  entries.push({ key: 'site', colour: roles.overlay.stroke ?? roles.overlay.fill, kind: 'marker', words: 'Site marker: the project’s reference point (0, 0)' });
  if (extent) {
    entries.push({
      key: 'tunnel',
      colour: TUNNEL_COLOUR,
      kind: 'line',
      words: `Wind tunnel for wind from ${extent.windFromDeg}°: ${metres(extent.lengthM)} along the wind × ${metres(extent.widthM)} across × ${metres(extent.heightM)} high`,
    });
    entries.push({
      key: 'study-area',
      colour: STUDY_AREA_COLOUR,
      kind: 'line',
      words: `Study area (finest cells): a circle ${metres(2 * extent.studyRadiusM)} across (${metres(extent.studyRadiusM)} radius)`,
    });
  }
  return entries;
}

/** Flat ground, 6 numbers per corner pair; a square round the geometry (and the tunnel, when drawn) with a margin. */
export function groundSoup(bounds: Bounds): Float32Array {
  const margin = Math.max(20, 0.25 * Math.max(bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1]));
  const [x0, y0, x1, y1] = [bounds.min[0] - margin, bounds.min[1] - margin, bounds.max[0] + margin, bounds.max[1] + margin];
  // Just below zero: a building's floor at z = 0 is not fought over with the ground.
  const z = -0.05;
  return Float32Array.from([x0, y0, z, x1, y0, z, x1, y1, z, x0, y0, z, x1, y1, z, x0, y1, z]);
}

/** The bounds of everything read (and the tunnel), or null before anything is. */
export function sceneBounds(soups: Iterable<Float32Array>, extent: TunnelExtent | null): Bounds | null {
  return boundsOfPoints(...soups, extent?.tunnel);
}

/**
 * What the camera takes in for a framing request: the picked finding (its highlighted faces, else its
 * location), the tunnel, or everything read. Null when there is nothing to look at yet.
 */
export function framedBounds(
  on: FramingTarget,
  scene: { soups: ReadonlyMap<number, Float32Array>; extent: TunnelExtent | null; highlights: readonly FindingHighlight[]; picked: GeometryFinding | null },
): Bounds | null {
  if (on === 'finding') return scene.picked ? findingBounds(scene.highlights, scene.picked) : null;
  if (on === 'tunnel') return scene.extent ? sceneBounds([], scene.extent) : null;
  return sceneBounds(scene.soups.values(), null);
}

/** The findings' highlights, from the files read; the scenario's files stand in for the record's assets. */
export function previewHighlights(
  findings: readonly GeometryFinding[],
  files: readonly PreviewFile[],
  soups: ReadonlyMap<number, Float32Array>,
  selectedId: string | null,
): FindingHighlight[] {
  const assets = files.map((f) => ({ role: f.role, name: f.filename, upload_id: f.uploadId }));
  return highlightsOf({ findings: [...findings], assets }, soups, selectedId);
}

export function outlinesOf(extent: TunnelExtent | null): SceneOutline[] {
  if (!extent) return [];
  return [
    { id: 'tunnel', segments: extent.tunnel, colour: TUNNEL_COLOUR },
    { id: 'study-area', segments: extent.study, colour: STUDY_AREA_COLOUR },
  ];
}

export function filesSummary(files: readonly PreviewFile[], read: number, failed: number): string {
  if (!files.length) return 'No geometry yet: add the study files to see them here.';
  if (read + failed < files.length) return `Reading ${plural(files.length - read - failed, 'file')} for the preview…`;
  return failed ? `${plural(failed, 'file')} could not be read for the preview.` : `${plural(read, 'file')} shown.`;
}
