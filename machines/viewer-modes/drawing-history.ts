/**
 * Undo/redo as a pure command stack: commands are plain data, applied and inverted by functions
 * the caller gives, so the stack knows nothing of drawings and can be stored or tested as values.
 * Pushing a command clears the redo side; the undo side keeps at most `limit` commands.
 */

export interface History<S, C> {
  present: S;
  past: C[];
  future: C[];
}

export interface CommandSet<S, C> {
  apply(state: S, command: C): S;
  invert(state: S, command: C): C;
}

export const HISTORY_LIMIT = 200;

export function createHistory<S, C>(present: S): History<S, C> {
  return { present, past: [], future: [] };
}

/**
 * Applies `command` and records its inverse (computed against the state before it, which is what
 * undoing must return to).
 */
export function execute<S, C>(h: History<S, C>, set: CommandSet<S, C>, command: C, limit = HISTORY_LIMIT): History<S, C> {
  const inverse = set.invert(h.present, command);
  const past = [...h.past, inverse];
  return { present: set.apply(h.present, command), past: past.length > limit ? past.slice(past.length - limit) : past, future: [] };
}

export function undo<S, C>(h: History<S, C>, set: CommandSet<S, C>): History<S, C> {
  const inverse = h.past.at(-1);
  if (inverse === undefined) return h;
  const redo = set.invert(h.present, inverse);
  return { present: set.apply(h.present, inverse), past: h.past.slice(0, -1), future: [...h.future, redo] };
}

export function redo<S, C>(h: History<S, C>, set: CommandSet<S, C>): History<S, C> {
  const command = h.future.at(-1);
  if (command === undefined) return h;
  const inverse = set.invert(h.present, command);
  return { present: set.apply(h.present, command), past: [...h.past, inverse], future: h.future.slice(0, -1) };
}

export const canUndo = (h: History<unknown, unknown>) => h.past.length > 0;
export const canRedo = (h: History<unknown, unknown>) => h.future.length > 0;
