/**
 * The viewer's state in the address: reads the view the address names when the viewer opens,
 * writes each settled change the person made as a new history entry, and follows back and forward.
 * The encoding is view-url.ts; this machine decides when. It never touches `window`: it emits
 * `url.push` / `url.replace` for the screen to write with the History API and `view.apply` for the
 * viewer workspace to show, and is told of changes (`view.changed`), of back/forward
 * (`url.popped`), and that the person acted (`user.acted`: a press or click, key, wheel or form
 * input).
 *
 *   viewUrl
 *   ├── starting    until the viewer is ready (`viewer.ready`): then shows the address's view
 *   └── running
 *       ├── idle       the address shows the current view
 *       └── settling   a change waits `settle` (a camera drag is one entry, not hundreds)
 *
 * Who changed the view decides how it is written. A change that follows the person's own input is
 * theirs: it adds an entry, however soon after opening (a theme picked at once is a step Back
 * returns from). Any other change is the viewer reporting on its own (the layers of a view it was
 * given loading, a fitted camera, a part of an address it could not show): it replaces the entry,
 * so Back never lands on a half-loaded copy of a view, and an address naming a layer a re-run
 * removed is no trap (adding an entry would re-apply it and add again on every Back).
 *
 * A malformed address shows the default view, says so (`notice`), and replaces the address with
 * the default view's. Owned by src/screens/viewer/ (the viewer workspace's address bridge).
 */
import { and, assertEvent, assign, emit, setup } from 'xstate';
import { decodeView, encodeView, hasView, type UrlView } from './view-url.ts';

export type { UrlView };

export const MALFORMED_NOTICE = 'The view in this address could not be read, so the default view is shown.';

export interface ViewUrlContext {
  /** The view-only query of the current history entry (canonical: encodeView). */
  current: string;
  /** The change waiting to settle. */
  pending: UrlView | null;
  /** Shown while the address could not be read; `notice.dismiss` clears it. */
  notice: string | null;
  /** What could not be read, for the notice's detail. */
  problems: string[];
  /** What the address named when the viewer opened. */
  first: Read;
  /** Whether the person acted since the last entry was written or walked to: a change now is theirs. */
  acted: boolean;
}

export type ViewUrlEvent =
  | { type: 'viewer.ready' }
  | { type: 'view.changed'; view: UrlView }
  | { type: 'url.popped'; search: string }
  | { type: 'user.acted' }
  | { type: 'notice.dismiss' };

export type ViewUrlEmitted = { type: 'view.apply'; view: UrlView } | { type: 'url.push'; view: UrlView } | { type: 'url.replace'; view: UrlView };

export type Read = { kind: 'none' } | { kind: 'view'; view: UrlView } | { kind: 'malformed'; problems: string[] };

function read(search: string): Read {
  if (!hasView(search)) return { kind: 'none' };
  const decoded = decodeView(search);
  return decoded.ok ? { kind: 'view', view: decoded.view } : { kind: 'malformed', problems: decoded.problems };
}

export const viewUrlMachine = setup({
  types: {
    context: {} as ViewUrlContext,
    events: {} as ViewUrlEvent,
    emitted: {} as ViewUrlEmitted,
    input: {} as { search: string },
  },
  actions: {
    /** Shows what an address names: its view, or (none, malformed) the default one. */
    follow: emit((_, params: { read: Read }) => ({ type: 'view.apply' as const, view: params.read.kind === 'view' ? params.read.view : {} })),
    remember: assign((_, params: { read: Read }) => ({
      current: params.read.kind === 'view' ? encodeView(params.read.view) : '',
      pending: null,
      notice: params.read.kind === 'malformed' ? MALFORMED_NOTICE : null,
      problems: params.read.kind === 'malformed' ? params.read.problems : [],
      acted: false,
    })),
    /** A malformed address is replaced by the default view's (its other keys stay). */
    cleanAddress: emit({ type: 'url.replace' as const, view: {} }),
    hold: assign(({ event }) => {
      assertEvent(event, 'view.changed');
      return { pending: event.view };
    }),
    drop: assign({ pending: null }),
    write: emit(({ context }, params: { replace: boolean }) => ({
      type: params.replace ? ('url.replace' as const) : ('url.push' as const),
      view: context.pending!,
    })),
    written: assign(({ context }) => ({ current: encodeView(context.pending!), pending: null, acted: false })),
    dismiss: assign({ notice: null, problems: [] }),
    noteAct: assign({ acted: true }),
  },
  guards: {
    isNews: ({ context, event }) => {
      assertEvent(event, 'view.changed');
      return encodeView(event.view) !== context.current;
    },
    stillNews: ({ context }) => context.pending !== null && encodeView(context.pending) !== context.current,
    theirs: ({ context }) => context.acted,
    malformed: (_, params: { read: Read }) => params.read.kind === 'malformed',
    names: (_, params: { read: Read }) => params.read.kind === 'view',
  },
  delays: {
    /** A change is written once the view has been still this long (ms). */
    settle: 400,
  },
}).createMachine({
  id: 'viewUrl',
  context: ({ input }) => {
    const first = read(input.search);
    return {
      current: first.kind === 'view' ? encodeView(first.view) : '',
      pending: null,
      notice: first.kind === 'malformed' ? MALFORMED_NOTICE : null,
      problems: first.kind === 'malformed' ? first.problems : [],
      first,
      acted: false,
    };
  },
  initial: 'starting',
  on: { 'notice.dismiss': { actions: 'dismiss' }, 'user.acted': { actions: 'noteAct' } },
  states: {
    starting: {
      on: {
        'viewer.ready': [
          // a malformed address: the viewer opens on its own default view (nothing to apply: fitting
          // the camera before the layers load would frame nothing), and the address is cleaned
          {
            guard: { type: 'malformed', params: ({ context }) => ({ read: context.first }) },
            target: 'running',
            actions: 'cleanAddress',
          },
          {
            guard: { type: 'names', params: ({ context }) => ({ read: context.first }) },
            target: 'running',
            actions: { type: 'follow', params: ({ context }) => ({ read: context.first }) },
          },
          // an address without a view: the viewer's own default, nothing to apply; its first report
          // fills the address in place (opening the viewer is no step to go back to)
          { target: 'running' },
        ],
      },
    },
    running: {
      initial: 'idle',
      on: {
        'url.popped': {
          target: '.idle',
          actions: [
            { type: 'remember', params: ({ event }) => ({ read: read(event.search) }) },
            { type: 'follow', params: ({ event }) => ({ read: read(event.search) }) },
          ],
        },
      },
      states: {
        idle: {
          on: { 'view.changed': { guard: 'isNews', target: 'settling', actions: 'hold' } },
        },
        settling: {
          on: { 'view.changed': { target: 'settling', reenter: true, actions: 'hold' } },
          after: {
            settle: [
              { guard: and(['stillNews', 'theirs']), target: 'idle', actions: [{ type: 'write', params: { replace: false } }, 'written'] },
              { guard: 'stillNews', target: 'idle', actions: [{ type: 'write', params: { replace: true } }, 'written'] },
              { target: 'idle', actions: 'drop' },
            ],
          },
        },
      },
    },
  },
});
