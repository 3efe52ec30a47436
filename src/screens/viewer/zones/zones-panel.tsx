/**
 * The viewer's Zones panel: "Draw zone" starts an outline on the plane (the machine takes the
 * clicks), the form names it and gives its intended use, and the list renames, re-purposes or
 * deletes zones with the keyboard as well as the mouse. The zone scores of the shown layer sit
 * below the list.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ZONE_LIMITS, ZONE_USE_LABELS, ZONE_USES, type Zone, type ZoneUse } from '@canopy/contract/zones.ts';
import type { zonesMachine } from '@machines/zones/zones.machine.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import * as css from '../viewer.css.ts';

export type ZonesRef = ActorRefFrom<typeof zonesMachine>;

const USE_OPTIONS = ZONE_USES.map((use) => (
  <option key={use} value={use}>
    {ZONE_USE_LABELS[use]}
  </option>
));

function ZoneRow({ zone, zones, mayChange, busy }: { zone: Zone; zones: ZonesRef; mayChange: boolean; busy: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(zone.name);
  const [deleting, setDeleting] = useState(false);
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && name.trim() !== zone.name) zones.send({ type: 'rename', id: zone.id, name });
    setRenaming(false);
  };
  if (renaming) {
    return (
      <li className={css.layerRow}>
        <form className={css.row} onSubmit={rename}>
          <label className={css.grow}>
            <span className={css.muted}>New name of {zone.name}</span>
            <input
              autoFocus
              value={name}
              maxLength={ZONE_LIMITS.name}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => e.key === 'Escape' && setRenaming(false)}
            />
          </label>
          <Button size="sm" type="submit">
            Save name
          </Button>
          <Button size="sm" tone="ghost" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className={css.layerRow} aria-label={zone.name}>
      <span className={css.grow}>
        <strong>{zone.name}</strong>
        {mayChange ? null : <span className={css.muted}> · {ZONE_USE_LABELS[zone.use]}</span>}
      </span>
      {mayChange ? (
        <>
          <select
            aria-label={`Intended use of ${zone.name}`}
            value={zone.use}
            disabled={busy}
            onChange={(e) => zones.send({ type: 'use.change', id: zone.id, use: e.target.value as ZoneUse })}
          >
            {USE_OPTIONS}
          </select>
          <Button size="sm" disabled={busy} aria-label={`Rename ${zone.name}`} onClick={() => (setName(zone.name), setRenaming(true))}>
            Rename
          </Button>
          <Button size="sm" tone="ghost" disabled={busy} aria-label={`Delete ${zone.name}`} onClick={() => setDeleting(true)}>
            Delete
          </Button>
          <ConfirmDialog
            open={deleting}
            title="Delete zone?"
            description={`“${zone.name}” will be deleted for everyone who works on this study.`}
            confirmLabel="Delete"
            tone="danger"
            onConfirm={() => (setDeleting(false), zones.send({ type: 'remove', id: zone.id }))}
            onCancel={() => setDeleting(false)}
          />
        </>
      ) : null}
    </li>
  );
}

function NamingForm({ zones }: { zones: ZonesRef }) {
  const problem = useSelector(zones, (s) => s.context.problem);
  const saving = useSelector(zones, (s) => s.matches('saving'));
  const [name, setName] = useState('');
  const [use, setUse] = useState<ZoneUse>('standing');
  const save = (event: FormEvent) => {
    event.preventDefault();
    zones.send({ type: 'save', name, use });
  };
  return (
    <form className={css.section} onSubmit={save} aria-label="New zone">
      <label>
        <span className={css.muted}>Zone name</span>
        <input autoFocus value={name} maxLength={ZONE_LIMITS.name} onChange={(e) => setName(e.target.value)} placeholder="Plaza" />
      </label>
      <label>
        <span className={css.muted}>Intended use</span>
        <select value={use} onChange={(e) => setUse(e.target.value as ZoneUse)}>
          {USE_OPTIONS}
        </select>
      </label>
      {problem ? <p role="alert">{problem}</p> : null}
      <div className={css.row}>
        <Button size="sm" type="submit" tone="primary" disabled={saving}>
          Save zone
        </Button>
        <Button size="sm" tone="ghost" onClick={() => zones.send({ type: 'draw.cancel' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** While drawing: Enter closes the outline, Escape cancels, Backspace takes the last point back (not while typing in a field). */
function useDrawingKeys(zones: ZonesRef, drawing: boolean) {
  useEffect(() => {
    if (!drawing) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
      const type = event.key === 'Enter' ? 'draw.close' : event.key === 'Escape' ? 'draw.cancel' : event.key === 'Backspace' ? 'point.undo' : null;
      if (!type) return;
      event.preventDefault();
      zones.send({ type });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zones, drawing]);
}

export function ZonesPanel({ zones, mayChange, children }: { zones: ZonesRef; mayChange: boolean; children?: ReactNode }) {
  const list = useSelector(zones, (s) => s.context.zones);
  const drawing = useSelector(zones, (s) => s.matches('drawing'));
  const naming = useSelector(zones, (s) => s.matches('naming') || s.matches('saving'));
  const loading = useSelector(zones, (s) => s.matches('loading'));
  const busy = useSelector(zones, (s) => !s.matches('idle'));
  const points = useSelector(zones, (s) => s.context.draft.length);
  const problem = useSelector(zones, (s) => s.context.problem);
  useDrawingKeys(zones, drawing);
  return (
    <section className={css.section} aria-label="Zones">
      {mayChange && !drawing && !naming ? (
        <Button size="sm" disabled={busy} onClick={() => zones.send({ type: 'draw.start' })}>
          Draw zone
        </Button>
      ) : null}
      {drawing ? (
        <div className={css.section} role="group" aria-label="Drawing a zone">
          <p>
            Click points on the plane. Enter or a click on the first point closes the zone; Escape cancels. {points} {points === 1 ? 'point' : 'points'} so far.
          </p>
          {problem ? <p role="alert">{problem}</p> : null}
          <div className={css.row}>
            <Button size="sm" tone="primary" onClick={() => zones.send({ type: 'draw.close' })}>
              Close zone
            </Button>
            <Button size="sm" disabled={points === 0} onClick={() => zones.send({ type: 'point.undo' })}>
              Undo point
            </Button>
            <Button size="sm" tone="ghost" onClick={() => zones.send({ type: 'draw.cancel' })}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {naming ? <NamingForm zones={zones} /> : null}
      <ul className={css.list} aria-label="Zones of the study">
        {list.map((zone) => (
          <ZoneRow key={`${zone.id}-${zone.name}`} zone={zone} zones={zones} mayChange={mayChange} busy={busy} />
        ))}
      </ul>
      {!loading && list.length === 0 ? <p className={css.muted}>No zones yet.{mayChange ? ' Draw one on the plane to score it.' : ''}</p> : null}
      {children}
    </section>
  );
}
