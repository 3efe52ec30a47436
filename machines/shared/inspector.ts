/**
 * @statelyai/inspect, wired only in development and only when asked for (`?inspect` in the URL or
 * localStorage 'canopy.inspect' = '1'). The dynamic import sits behind import.meta.env.DEV, so a
 * production build drops it entirely.
 */
import type { InspectionEvent, Observer } from 'xstate';

let inspector: Observer<InspectionEvent> | undefined;
let requested = false;

export function inspectionWanted(location: { search: string } = globalThis.location ?? { search: '' }, storage?: Storage): boolean {
  if (new URLSearchParams(location.search).has('inspect')) return true;
  try {
    const store = storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
    return store?.getItem('canopy.inspect') === '1';
  } catch {
    // A frame on another site may be denied storage (reading localStorage throws): not asked for.
    return false;
  }
}

/** Starts the inspector once, in development, when wanted; events before it is ready are dropped. */
export function startInspectorIfWanted(): void {
  if (!import.meta.env?.DEV || requested || !inspectionWanted()) return;
  requested = true;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    inspector = createBrowserInspector().inspect;
  });
}

/** Actor options that forward inspection events to the inspector when it runs. */
export function inspectOptions(): { inspect?: (event: InspectionEvent) => void } {
  if (!import.meta.env?.DEV) return {};
  startInspectorIfWanted();
  if (!requested) return {};
  return { inspect: (event) => inspector?.next?.(event) };
}
