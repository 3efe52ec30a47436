/**
 * The viewer's state in the address: reads the view the address names when the viewer
 * opens, writes each settled view change as a new history entry, and follows back and forward. The
 * encoding is view-url.ts; this machine decides when. It never touches `window`: it emits
 * `url.push` / `url.replace` for the screen to write with the History API and `view.apply` for the
 * viewer workspace to show, and is told of changes (`view.changed`) and of back/forward
 * (`url.popped`).
 *
 *   viewUrl
 *   ├── starting       until the viewer is ready (`viewer.ready`): then shows the address's view
 *   └── running (parallel)
 *       ├── history
 *       │   ├── idle       the address shows the current view
 *       │   └── settling   a change waits `settle` (a camera drag is one entry, not hundreds)
 *       └── echo
 *           ├── closed
 *           └── open       for `applyGrace` after a view is applied: the viewer's report of it
 *               │          replaces the entry instead of adding one (back must not land on it twice)
 *               ├── fresh    nothing written yet: whatever the viewer reports is its report of
 *               │            the view, even a part it could not show (a layer no longer there)
 *               └── written  the view was reported and written: a report now only fills in
 *                            what the view left out (layers, a fitted camera); one that changes
 *                            a part the view named is someone's change (a theme picked at once),
 *                            which adds an entry and closes the echo
 *
 * A malformed address shows the default view, says so (`notice`), and replaces the address with
 * the default view's. Owned by src/screens/viewer/ (the viewer workspace's address bridge).
 */
import { and, assertEvent, assign, emit, or, raise, setup, stateIn } from 'xstate';
import { decodeView, encodeView, hasView, keepsNamed, type UrlView } from './view-url.ts';

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
  /** The view last applied (encoded; '' for the default view): what its echo may only add to. */
  applied: string;
}

export type ViewUrlEvent =
  | { type: 'viewer.ready' }
  | { type: 'view.changed'; view: UrlView }
  | { type: 'url.popped'; search: string }
  | { type: 'notice.dismiss' }
  /** Raised by the machine itself: the viewer's report was written, or a change was someone's. */
  | { type: 'echo.written' }
  | { type: 'echo.close' };

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
      applied: params.read.kind === 'view' ? encodeView(params.read.view) : '',
      pending: null,
      notice: params.read.kind === 'malformed' ? MALFORMED_NOTICE : null,
      problems: params.read.kind === 'malformed' ? params.read.problems : [],
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
    written: assign(({ context }) => ({ current: encodeView(context.pending!), pending: null })),
    dismiss: assign({ notice: null, problems: [] }),
    markEchoWritten: raise({ type: 'echo.written' as const }),
    endEcho: raise({ type: 'echo.close' as const }),
  },
  guards: {
    isNews: ({ context, event }) => {
      assertEvent(event, 'view.changed');
      return encodeView(event.view) !== context.current;
    },
    stillNews: ({ context }) => context.pending !== null && encodeView(context.pending) !== context.current,
    /** The change only fills in what the applied view left out: the viewer's report of it. */
    fillsIn: ({ context }) => context.pending !== null && keepsNamed(context.applied, context.pending),
    echoFresh: stateIn({ running: { echo: { open: 'fresh' } } }),
    echoWritten: stateIn({ running: { echo: { open: 'written' } } }),
    malformed: (_, params: { read: Read }) => params.read.kind === 'malformed',
    names: (_, params: { read: Read }) => params.read.kind === 'view',
  },
  delays: {
    /** A change is written once the view has been still this long (ms). */
    settle: 400,
    /** After a view is applied, the viewer's report of it within this long replaces the entry (ms). */
    applyGrace: 1500,
  },
}).createMachine({
  id: 'viewUrl',
  context: ({ input }) => {
    const first = read(input.search);
    return {
      current: first.kind === 'view' ? encodeView(first.view) : '',
      applied: first.kind === 'view' ? encodeView(first.view) : '',
      pending: null,
      notice: first.kind === 'malformed' ? MALFORMED_NOTICE : null,
      problems: first.kind === 'malformed' ? first.problems : [],
      first,
    };
  },
  initial: 'starting',
  on: { 'notice.dismiss': { actions: 'dismiss' } },
  states: {
    starting: {
      on: {
        'viewer.ready': [
          // a malformed address: the viewer opens on its own default view (nothing to apply: fitting
          // the camera before the layers load would frame nothing), and the address is cleaned
          {
            guard: { type: 'malformed', params: ({ context }) => ({ read: context.first }) },
            target: ['running.history.idle', 'running.echo.open'],
            actions: 'cleanAddress',
          },
          {
            guard: { type: 'names', params: ({ context }) => ({ read: context.first }) },
            target: ['running.history.idle', 'running.echo.open'],
            actions: { type: 'follow', params: ({ context }) => ({ read: context.first }) },
          },
          // an address without a view: the viewer's own default, nothing to apply; its first report
          // fills the address in place (opening the viewer is no step to go back to)
          { target: ['running.history.idle', 'running.echo.open'] },
        ],
      },
    },
    running: {
      type: 'parallel',
      on: {
        'url.popped': {
          target: ['.history.idle', '.echo.open'],
          actions: [
            { type: 'remember', params: ({ event }) => ({ read: read(event.search) }) },
            { type: 'follow', params: ({ event }) => ({ read: read(event.search) }) },
          ],
        },
      },
      states: {
        history: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'view.changed': { guard: 'isNews', target: 'settling', actions: 'hold' } },
            },
            settling: {
              on: { 'view.changed': { target: 'settling', reenter: true, actions: 'hold' } },
              after: {
                settle: [
                  {
                    guard: and(['stillNews', or(['echoFresh', and(['echoWritten', 'fillsIn'])])]),
                    target: 'idle',
                    actions: [{ type: 'write', params: { replace: true } }, 'written', 'markEchoWritten'],
                  },
                  { guard: 'stillNews', target: 'idle', actions: [{ type: 'write', params: { replace: false } }, 'written', 'endEcho'] },
                  { target: 'idle', actions: 'drop' },
                ],
              },
            },
          },
        },
        echo: {
          initial: 'closed',
          states: {
            closed: {},
            open: {
              initial: 'fresh',
              after: { applyGrace: 'closed' },
              on: { 'echo.close': 'closed' },
              states: { fresh: { on: { 'echo.written': 'written' } }, written: {} },
            },
          },
        },
      },
    },
  },
});
