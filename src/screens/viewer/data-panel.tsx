/** The data panel: the value under the pointer (the scene's ray query), with units and the layer it came from. */
import type { ColourScale, ProbeResult } from '../../viewer/contracts.ts';
import { pointInWords, valueInWords } from './value-words.ts';
import * as css from './viewer.css.ts';

/** `unit` is the shown data layer's, for probes that do not carry their own; `scale` names a category map's classes. */
export function DataPanel({
  probe,
  layerLabel,
  probing,
  unit,
  scale,
}: {
  probe: ProbeResult | null;
  layerLabel: string | null;
  probing: boolean;
  unit?: string;
  scale?: ColourScale | null;
}) {
  const shownUnit = probe?.unit || unit;
  return (
    <section className={css.section} aria-label="Data" aria-live="polite">
      {!probing ? <p className={css.muted}>Press P (or the Probe button) and move the pointer over the model.</p> : null}
      {probing && !probe ? <p className={css.muted}>Move the pointer over the model.</p> : null}
      {probe ? (
        <>
          {probe.value !== undefined ? (
            <p className={css.readout}>{valueInWords(probe.value, scale, shownUnit)}</p>
          ) : (
            <p className={css.muted}>No data layer under the pointer.</p>
          )}
          <p className={css.muted}>
            {layerLabel ? `${layerLabel} · ` : ''}
            {pointInWords(probe.point)}
          </p>
        </>
      ) : null}
    </section>
  );
}
