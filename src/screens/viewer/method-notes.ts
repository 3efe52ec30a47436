/**
 * What a result layer of Canopy's CFD says of how it was computed, read from the asset's own
 * metadata (never from today's code, so an older run keeps its own words): the method by name, and
 * which quantities its run recorded as validated or indicative, and why. The colour-scale panel shows
 * it beside the layer's legend. Comfort maps counted from Canopy's CFD wind name the wind's source
 * and carry what its run said of its quantities.
 */
import type { Asset } from '@canopy/contract/viewer.ts';
import type { QuantityStatus } from '@canopy/engine/cfd/run/method.ts';

export interface MethodNotes {
  /** The method as the run named it, or where the wind came from for a layer counted from it. */
  method: string;
  quantities: QuantityStatus[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function quantitiesOf(value: unknown): QuantityStatus[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (q): q is QuantityStatus =>
      isRecord(q) && typeof q.quantity === 'string' && (q.status === 'validated' || q.status === 'indicative') && typeof q.why === 'string',
  );
}

export function methodNotesOf(asset: Pick<Asset, 'metadata'> | null | undefined): MethodNotes | null {
  if (!asset || !isRecord(asset.metadata)) return null;
  const m = asset.metadata;
  const provenance = isRecord(m.provenance) ? m.provenance : {};
  if (typeof m.method === 'string') {
    const manifest = isRecord(provenance.manifest) ? provenance.manifest : {};
    const recorded = isRecord(manifest.method) ? manifest.method : {};
    return { method: m.method, quantities: quantitiesOf(recorded.quantities) };
  }
  if (typeof provenance.windSource === 'string' && provenance.windSource.startsWith('canopy-cfd')) {
    const wind = isRecord(provenance.windMethod) ? provenance.windMethod : {};
    return { method: `counted from the wind of Canopy's CFD: ${provenance.windSource}`, quantities: quantitiesOf(wind.quantities) };
  }
  return null;
}
