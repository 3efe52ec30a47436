/**
 * A simulation's layer sets in the viewer (SPEC §3 Layer set: identifier JSON, layer_type Geometry
 * or Volumetric, show_by_default, filename): their human names, which are shown in a pane (the
 * pane's own choice, else show_by_default), and the state of each set's file (read and checked
 * once, shared by both panes). Plain data; the workspace machine keeps it.
 */
import { fromCallback, type EventObject } from 'xstate';
import { readable } from '@canopy/engine/results/labels.ts';

/** A layer set as GET simulation lists it (contract LayerSet). */
export interface LayerSetRef {
  id: number;
  identifier: Record<string, unknown>;
  layer_type: 'Geometry' | 'Volumetric';
  show_by_default: boolean;
  filename: string;
}

/** What the loader needs to read a set's file (the services build the authorised url). */
export interface LayerSetFileInput {
  projectId: number;
  configurationId: number;
  simulationId: number;
  layerSetId: number;
}

/** A set's file: being read, read (with its fields: none draws it as geometry), or unreadable. */
export type LayerSetFile = { status: 'loading' } | { status: 'ready'; fields: string[] } | { status: 'failed'; message: string };

/** What the loader reports back to the workspace. */
export type LayerSetLoaderEvent = { type: 'layerSet.loaded'; id: number; fields: string[] } | { type: 'layerSet.failed'; id: number; message: string };

/** One row of the layer panel's "Layer sets" group. */
export interface LayerSetRow {
  id: number;
  simulationId: number;
  configurationId: number;
  name: string;
  layerType: 'Geometry' | 'Volumetric';
  shown: boolean;
  file: LayerSetFile | null;
}

const NAME_KEYS = ['name', 'label', 'title'];

/**
 * A set's name in words from its identifier: its name (or label, title) first, then its other
 * plain values ('Streamlines · 0°', 'Iso surfaces · 5 · 2026-06-21'); never the raw JSON. Without any, 'Volume set n' / 'Geometry set n'.
 */
export function layerSetName(set: Pick<LayerSetRef, 'id' | 'identifier' | 'layer_type'>): string {
  const identifier = set.identifier ?? {};
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);
  const parts: string[] = [];
  const nameKey = NAME_KEYS.find((k) => text(identifier[k]));
  if (nameKey) parts.push(readable(text(identifier[nameKey])!));
  for (const [key, value] of Object.entries(identifier)) {
    if (NAME_KEYS.includes(key)) continue;
    const v = text(value);
    if (!v) continue;
    // Values as written (a date or '1.5 m' keeps its hyphens and spaces); wind directions in degrees.
    parts.push(key === 'wind_direction' ? `${v}°` : v);
  }
  if (!nameKey) parts.unshift(`${set.layer_type === 'Volumetric' ? 'Volume' : 'Geometry'} set ${set.id}`);
  return parts.join(' · ');
}

/** Whether a set shows in a pane: the pane's own choice, else its show_by_default. */
export const layerSetShown = (set: Pick<LayerSetRef, 'id' | 'show_by_default'>, chosen: Readonly<Record<number, boolean>>): boolean =>
  chosen[set.id] ?? set.show_by_default;

/** The default loader: unbound (bindViewerLogic provides the one reading through the services). */
export const unboundLayerSetLoader = fromCallback<EventObject, LayerSetFileInput>(({ input, sendBack }) => {
  sendBack({ type: 'layerSet.failed', id: input.layerSetId, message: 'No layer-set loader was provided' } satisfies LayerSetLoaderEvent);
});

/**
 * A loader from a function that reads and checks a set's file (resolving with its field names):
 * what bindViewerLogic and the tests provide as `layerSetLoader`.
 */
export function layerSetLoaderFrom(read: (input: LayerSetFileInput) => Promise<string[]>) {
  return fromCallback<EventObject, LayerSetFileInput>(({ input, sendBack }) => {
    let live = true;
    read(input).then(
      (fields) => live && sendBack({ type: 'layerSet.loaded', id: input.layerSetId, fields } satisfies LayerSetLoaderEvent),
      (error: unknown) =>
        live &&
        sendBack({
          type: 'layerSet.failed',
          id: input.layerSetId,
          message: error instanceof Error ? error.message : String(error),
        } satisfies LayerSetLoaderEvent),
    );
    return () => {
      live = false;
    };
  });
}
