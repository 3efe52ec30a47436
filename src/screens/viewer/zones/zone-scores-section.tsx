/**
 * The zone scores under the Zones panel's list: per zone, for the layer shown (or the difference
 * panel's scenarios A and B side by side, and B − A), the share meeting its use and breaking a
 * safety limit, or the mean, minimum and maximum in the layer's units; above it the layer, its
 * units and the criterion in words (engine/zones/zone-scores-table.ts); exported as CSV.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { zoneScoresMachine } from '@machines/zones/zone-scores.machine.ts';
import { scoreTable, scoreTableCsv, scoreTableNote } from '@canopy/engine/zones/zone-scores-table.ts';
import { saveBlob } from '../../../services/save-blob.ts';
import { Button } from '../../../ui/button.tsx';
import * as css from '../viewer.css.ts';

export function ZoneScoresSection({ scores }: { scores: ActorRefFrom<typeof zoneScoresMachine> }) {
  const phase = useSelector(scores, (s) => s.value as string);
  const zones = useSelector(scores, (s) => s.context.zones);
  const sources = useSelector(scores, (s) => s.context.sources);
  const columns = useSelector(scores, (s) => s.context.columns);
  const error = useSelector(scores, (s) => s.context.error);
  if (phase === 'idle') {
    return <p className={css.muted}>{zones.length ? 'Show a result layer to score the zones.' : ''}</p>;
  }
  const table = phase === 'shown' ? scoreTable(zones, columns) : null;
  // Scored: the layer, its units and the criterion from the scores; until then the layers' names.
  const note = table
    ? scoreTableNote(columns)
    : sources.length === 2
      ? `Scenario A: ${sources[0]!.label}; B: ${sources[1]!.label}.`
      : `Layer: ${sources[0]?.label ?? ''}.`;
  return (
    <section className={css.section} aria-label="Zone scores">
      <h3 className={css.sectionTitle}>Zone scores</h3>
      <p className={css.muted}>{note}</p>
      {phase === 'scoring' ? <p role="status">Scoring the zones…</p> : null}
      {error ? <p role="alert">{error}</p> : null}
      {table ? (
        <>
          <div className={css.tableScroll}>
            <table aria-label="Zone scores">
              <thead>
                <tr>
                  {table.headings.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, r) => (
                  <tr key={zones[r]!.id}>
                    {row.map((cell, c) =>
                      c === 0 ? (
                        <th key={c} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={c}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button size="sm" onClick={() => saveBlob(new Blob([scoreTableCsv(table)], { type: 'text/csv' }), 'zone-scores.csv')}>
            Export CSV
          </Button>
        </>
      ) : null}
    </section>
  );
}
