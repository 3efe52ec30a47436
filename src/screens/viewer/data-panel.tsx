/** The data panel (issue 8): the value under the pointer (the scene's ray query), with units and the layer it came from. */
import type { ProbeResult } from '../../viewer/contracts.ts';
import * as css from './viewer.css.ts';

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(1) : Number(n.toPrecision(4)).toString());

/** `unit` is the shown data layer's, for probes that do not carry their own. */
export function DataPanel({ probe, layerLabel, probing, unit }: { probe: ProbeResult | null; layerLabel: string | null; probing: boolean; unit?: string }) {
  const shownUnit = probe?.unit || unit;
  return (
    <section className={css.section} aria-label="Data" aria-live="polite">
      {!probing ? <p className={css.muted}>Press P (or the Probe button) and move the pointer over the model.</p> : null}
      {probing && !probe ? <p className={css.muted}>Move the pointer over the model.</p> : null}
      {probe ? (
        <>
          {probe.value !== undefined ? (
            <p className={css.readout}>
              {fmt(probe.value)}
              {shownUnit ? ` ${shownUnit}` : ''}
            </p>
          ) : (
            <p className={css.muted}>No data layer under the pointer.</p>
          )}
          <p className={css.muted}>
            {layerLabel ? `${layerLabel} · ` : ''}x {probe.point[0].toFixed(1)} m, y {probe.point[1].toFixed(1)} m, z {probe.point[2].toFixed(1)} m
          </p>
        </>
      ) : null}
    </section>
  );
}
