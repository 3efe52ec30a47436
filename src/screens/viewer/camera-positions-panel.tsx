/** Camera positions: save the current view under a name, restore one, delete one (camera-position API). */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CameraPosition } from '@canopy/contract/viewer.ts';
import type { cameraPositionsMachine } from '@machines/viewer/camera-positions.machine.ts';
import type { CameraState } from '../../viewer/contracts.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import * as css from './viewer.css.ts';

export type CameraPositionsRef = ActorRefFrom<typeof cameraPositionsMachine>;

export function CameraPositionsPanel({
  cameras,
  current,
  onRestore,
  mayChange = true,
}: {
  cameras: CameraPositionsRef;
  current(): CameraState | null;
  onRestore(camera: CameraPosition['camera']): void;
  /** May save and delete the study's camera positions (the server's 'change' on the study); else they are only restored. */
  mayChange?: boolean;
}) {
  const positions = useSelector(cameras, (s) => s.context.positions);
  const busy = useSelector(cameras, (s) => !s.matches('idle'));
  const confirming = useSelector(cameras, (s) =>
    s.matches('confirmingRemove') ? (s.context.positions.find((p) => p.id === s.context.removingId) ?? null) : null,
  );
  const [name, setName] = useState('');
  const save = (event: FormEvent) => {
    event.preventDefault();
    const camera = current();
    if (!camera) return;
    cameras.send({ type: 'save', body: { name: name.trim() || `View ${positions.length + 1}`, camera } });
    setName('');
  };
  return (
    <section className={css.section} aria-label="Camera positions">
      {mayChange ? (
        <form className={css.row} onSubmit={save}>
          <label className={css.grow}>
            <span className={css.muted}>Name</span>
            <input
              id="viewer-camera-name"
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
              placeholder={`View ${positions.length + 1}`}
            />
          </label>
          <Button size="sm" type="submit" disabled={busy}>
            Save camera
          </Button>
        </form>
      ) : null}
      <ul className={css.list}>
        {positions.map((p) => (
          <li key={p.id} className={css.layerRow}>
            <span className={css.grow}>{p.name}</span>
            <Button size="sm" onClick={() => onRestore(p.camera)} aria-label={`Restore ${p.name}`}>
              Restore
            </Button>
            {mayChange ? (
              <Button size="sm" tone="ghost" disabled={busy} onClick={() => cameras.send({ type: 'remove', id: p.id })} aria-label={`Delete ${p.name}`}>
                Delete
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {positions.length === 0 ? <p className={css.muted}>No saved camera positions yet.</p> : null}
      <ConfirmDialog
        open={confirming !== null}
        title="Delete camera position?"
        description={confirming ? `“${confirming.name}” will be deleted for everyone who works on this study.` : undefined}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => cameras.send({ type: 'removal.confirm' })}
        onCancel={() => cameras.send({ type: 'cancel' })}
      />
    </section>
  );
}
