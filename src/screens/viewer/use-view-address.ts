/**
 * The viewer's state in the address: binds the address machine
 * (machines/view-url/view-url.machine.ts) to the router's location — writing entries, and noticing
 * back and forward (an address whose view is not the one last written) — and to the viewer
 * workspace, which shows an address's view (`url.apply`) and whose changes are reported, and to
 * the person's input anywhere on the page (a change after it is theirs, not the viewer's report of
 * a view it was given). The machine decides what to write and when; this only carries events across.
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import type { AnyActorRef } from 'xstate';
import { encodeView, viewPart, type UrlView } from '@machines/view-url/view-url.ts';
import { viewUrlMachine } from '@machines/view-url/view-url.machine.ts';

/** The DOM events that are the person acting. */
const ACTS = ['pointerdown', 'click', 'keydown', 'wheel', 'input', 'change'] as const;

/**
 * `readView` reads the workspace's current view; `sources` are the actors whose changes may change
 * it; `layersKey` changes when the pane's visible layers do (they are decided outside the machines).
 */
export function useViewAddress(workspace: AnyActorRef, sources: readonly AnyActorRef[], readView: () => UrlView, layersKey: string) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const url = useActorRef(viewUrlMachine, { input: { search } });
  // The address as the router has it now, and the view part this hook last wrote into it.
  const now = useRef({ search, path });
  now.current = { search, path };
  const written = useRef<string>(viewPart(search));
  const shownPath = useRef(path);
  const seenSearch = useRef(search);
  const write = useRef((view: UrlView, replace: boolean) => {
    const next = encodeView(view, new URLSearchParams(now.current.search));
    written.current = viewPart(next);
    navigate(`${now.current.path}${next ? `?${next}` : ''}`, { replace });
  });

  useEffect(() => {
    const subs = [
      url.on('view.apply', (e) => workspace.send({ type: 'url.apply', view: e.view })),
      url.on('url.push', (e) => write.current(e.view, false)),
      url.on('url.replace', (e) => write.current(e.view, true)),
    ];
    url.send({ type: 'viewer.ready' });
    return () => subs.forEach((s) => s.unsubscribe());
  }, [url, workspace]);

  // The person's own input: a press or click, a key, the wheel, a form control's input (a script's
  // selectOption sends only input and change). Listened to in the capture phase, so that it is
  // told before the change it causes is reported.
  useEffect(() => {
    const acted = () => url.send({ type: 'user.acted' });
    for (const type of ACTS) document.addEventListener(type, acted, { capture: true, passive: true });
    return () => {
      for (const type of ACTS) document.removeEventListener(type, acted, { capture: true });
    };
  }, [url]);

  // Back and forward: the address's view is not the one written last. A move to another mode of
  // the viewer (another path, no view in its address) keeps the view: it is written in again.
  useEffect(() => {
    // Only a new address counts: a render from before this hook's own write still shows the old one.
    const movedTo = shownPath.current !== path;
    const changed = movedTo || seenSearch.current !== search;
    shownPath.current = path;
    seenSearch.current = search;
    if (!changed || viewPart(search) === written.current) return;
    if (movedTo && viewPart(search) === '') {
      write.current(readView(), true);
      return;
    }
    written.current = viewPart(search);
    url.send({ type: 'url.popped', search });
  }, [url, search, path, readView]);

  useEffect(() => {
    const report = () => url.send({ type: 'view.changed', view: readView() });
    const subs = sources.map((actor) => actor.subscribe(report));
    report();
    return () => subs.forEach((s) => s.unsubscribe());
  }, [url, sources, readView, layersKey]);

  const notice = useSelector(url, (s) => s.context.notice);
  const problems = useSelector(url, (s) => s.context.problems);
  return { notice, problems, dismiss: () => url.send({ type: 'notice.dismiss' }) };
}
