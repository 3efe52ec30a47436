/** Weather stations whose data should not be used (fetch-met-data skips them): listed, added, removed. */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { selectBadStations, selectRefusal, selectSaving } from '@machines/operator/operator.selectors.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { card, cardBody, cardHeader, muted, sectionTitle, table, td, th, toolbar } from '../../ui/surface.css.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import type { OperatorRef } from './operator-ref.ts';

export function BadStationsPanel({ operator }: { operator: OperatorRef }) {
  const stations = useSelector(operator, selectBadStations);
  const saving = useSelector(operator, selectSaving);
  const refusal = useSelector(operator, selectRefusal('badStation.add'));
  const [draft, setDraft] = useState({ wmo: '', reason: '' });
  /** The station the operator is asked to confirm unmarking (view state: the dialog is open). */
  const [unmarking, setUnmarking] = useState<{ id: number; wmo: string; reason: string } | null>(null);

  function add(event: FormEvent) {
    event.preventDefault();
    operator.send({ type: 'change.submit', change: { kind: 'badStation.add', wmo: draft.wmo.trim(), reason: draft.reason.trim() } });
  }

  return (
    <section className={card} aria-labelledby="operator-bad-stations">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="operator-bad-stations">
          Bad weather stations
        </h2>
        <span className={muted}>Never chosen as a project's nearest station</span>
      </header>
      {stations.length === 0 ? (
        <p className={`${cardBody} ${muted}`}>No station is marked as bad.</p>
      ) : (
        <table className={table}>
          <thead>
            <tr>
              <th className={th}>Station</th>
              <th className={th}>Reason</th>
              <th className={th}>Marked</th>
              <th className={th}>
                <span className={visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {stations.map((s) => (
              <tr key={s.id}>
                <td className={td}>
                  {s.wmo}
                  {s.name ? ` · ${s.name}` : ''}
                </td>
                <td className={td}>{s.reason}</td>
                <td className={td}>{formatDate(s.created_at)}</td>
                <td className={td}>
                  <Button
                    size="sm"
                    tone="ghost"
                    disabled={saving}
                    aria-label={`Unmark station ${s.wmo}`}
                    onClick={() => setUnmarking({ id: s.id, wmo: s.wmo, reason: s.reason })}
                  >
                    Unmark
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className={`${cardBody} ${toolbar}`} onSubmit={add} noValidate aria-label="Mark a station as bad">
        <TextField
          id="operator-station-wmo"
          label="WMO number"
          value={draft.wmo}
          onValueChange={(wmo) => setDraft((d) => ({ ...d, wmo }))}
          errors={refusal?.fields.wmo}
        />
        <TextField
          id="operator-station-reason"
          label="Reason"
          value={draft.reason}
          onValueChange={(reason) => setDraft((d) => ({ ...d, reason }))}
          errors={refusal?.fields.reason}
        />
        <Button type="submit" tone="primary" disabled={saving || !draft.wmo.trim() || !draft.reason.trim()}>
          Mark as bad
        </Button>
        {refusal && !('wmo' in refusal.fields || 'reason' in refusal.fields) ? <InlineMessage tone="danger">{errorMessage(refusal)}</InlineMessage> : null}
      </form>
      <ConfirmDialog
        open={unmarking !== null}
        title="Unmark this station?"
        description={
          unmarking
            ? `Station ${unmarking.wmo} may then be chosen as a project's nearest station again, and its reason (“${unmarking.reason}”) is deleted.`
            : undefined
        }
        confirmLabel="Unmark"
        tone="danger"
        onConfirm={() => {
          operator.send({ type: 'change.submit', change: { kind: 'badStation.remove', id: unmarking!.id } });
          setUnmarking(null);
        }}
        onCancel={() => setUnmarking(null)}
      />
    </section>
  );
}
