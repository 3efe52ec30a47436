/** Favorites: optimistic stars, saves in order, rollback with a danger toast on failure. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { toastMachine } from '@machines/toast/toast.machine.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import { favoriteFailedTitle, favoritesMachine, type FavoriteSave } from './favorites.machine.ts';
import { selectIsFavorite, selectIsSaving } from './favorites.selectors.ts';

const refused: ServerError = { kind: 'http', status: 500, detail: 'Server error.', fields: {}, body: null };

function setup(save: (request: FavoriteSave) => Promise<void>) {
  const toasts = createActor(toastMachine).start();
  const calls: FavoriteSave[] = [];
  const actor = createActor(
    favoritesMachine.provide({
      actors: {
        saveFavorite: fromPromise<void, FavoriteSave>(({ input }) => {
          calls.push(input);
          return save(input);
        }),
      },
    }),
    { input: { toasts } },
  ).start();
  const saved: Array<{ projectId: number; favorite: boolean }> = [];
  actor.on('favorite.saved', (e) => saved.push({ projectId: e.projectId, favorite: e.favorite }));
  return { actor, toasts, calls, saved };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('favorites', () => {
  it('shows the star at once, then saves it', async () => {
    const { actor, calls, saved } = setup(async () => {});
    actor.send({ type: 'favorite.toggle', projectId: 7, favorite: false, name: 'Harbour' });
    expect(selectIsFavorite(7, false)(actor.getSnapshot())).toBe(true);
    expect(selectIsSaving(7)(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ projectId: 7, favorite: true }]);
    expect(saved).toEqual([{ projectId: 7, favorite: true }]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectIsFavorite(7, false)(actor.getSnapshot())).toBe(true);
  });

  it('rolls back and shows a danger toast when the save fails', async () => {
    const { actor, toasts, saved } = setup(async () => {
      throw refused;
    });
    actor.send({ type: 'favorite.toggle', projectId: 7, favorite: true, name: 'Harbour' });
    expect(selectIsFavorite(7, true)(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectIsFavorite(7, true)(actor.getSnapshot())).toBe(true);
    expect(saved).toEqual([]);
    expect(toasts.getSnapshot().context.toasts).toEqual([{ id: 'favorite-7', tone: 'danger', title: favoriteFailedTitle('Harbour', false) }]);
    expect(favoriteFailedTitle('Harbour', false)).toBe('Could not remove "Harbour" from favorites.');
    // The toast machine's own rule: danger toasts leave after 5 s.
    await vi.advanceTimersByTimeAsync(5000);
    expect(toasts.getSnapshot().context.toasts).toEqual([]);
  });

  it('saves toggles one at a time, in order; a failure drops the later toggles of that project', async () => {
    let release: Array<(ok: boolean) => void> = [];
    const { actor, calls } = setup(
      () =>
        new Promise<void>((resolve, reject) => {
          release.push((ok) => (ok ? resolve() : reject(refused)));
        }),
    );
    actor.send({ type: 'favorite.toggle', projectId: 1, favorite: false, name: 'A' });
    actor.send({ type: 'favorite.toggle', projectId: 2, favorite: false, name: 'B' });
    actor.send({ type: 'favorite.toggle', projectId: 1, favorite: true, name: 'A' });
    expect(selectIsFavorite(1, false)(actor.getSnapshot())).toBe(false);
    expect(selectIsFavorite(2, false)(actor.getSnapshot())).toBe(true);
    expect(calls).toHaveLength(1);
    release[0]!(false);
    await vi.advanceTimersByTimeAsync(0);
    // Project 1 is back to not starred; its queued un-star is dropped; project 2 saves next.
    expect(selectIsFavorite(1, true)(actor.getSnapshot())).toBe(false);
    expect(calls.map((c) => c.projectId)).toEqual([1, 2]);
    release[1]!(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toHaveLength(2);
    release = [];
  });

  it('without a toast actor it still rolls back', async () => {
    const actor = createActor(favoritesMachine.provide({ actors: { saveFavorite: fromPromise<void, FavoriteSave>(async () => Promise.reject(refused)) } }), {
      input: {},
    }).start();
    actor.send({ type: 'favorite.toggle', projectId: 3, favorite: false, name: 'C' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectIsFavorite(3, false)(actor.getSnapshot())).toBe(false);
  });

  it('keeps plain data in its context, the toast reached through the relay: a JSON round trip gives it back unchanged', async () => {
    const { actor, toasts } = setup(async () => {
      throw refused;
    });
    actor.send({ type: 'favorite.toggle', projectId: 7, favorite: false, name: 'Harbour' });
    actor.send({ type: 'favorite.toggle', projectId: 8, favorite: true, name: 'Quay' });
    const context = actor.getSnapshot().context;
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
    expect(Object.keys(context).sort()).toEqual(['queue', 'stars']);
    await vi.advanceTimersByTimeAsync(0);
    // the toast still arrives, by the relay's system id
    expect(toasts.getSnapshot().context.toasts.map((t) => t.id)).toContain('favorite-7');
    expect(JSON.parse(JSON.stringify(actor.getSnapshot().context))).toEqual(actor.getSnapshot().context);
  });
});
