/**
 * The window's keys as machine events: the one keyboard listener of a workspace machine (the viewer's
 * and the insights mode's), bound to its `keys` actor with `.provide`, so no screen wires keys in
 * React. A key pressed with Ctrl, Meta or Alt is the browser's and is not reported. `inText` says the
 * key went to a field that takes text (it handles its own keys); checkboxes and buttons take none.
 * `claims` names the keys whose browser default the machine replaces (prevented when reported).
 */
import { fromCallback, type EventObject } from 'xstate';

export interface KeyPress {
  type: 'key.press';
  key: string;
  inText: boolean;
}

const NO_TEXT_INPUTS = ['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'];

/** Whether a key sent to this element is typing (a text field, a text area, a select, an editable element). */
export function takesText(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.tagName === 'INPUT') return !NO_TEXT_INPUTS.includes((el as HTMLInputElement).type);
  return el.isContentEditable || ['TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** A `keys` actor over the window: `key.press` to its parent for every unmodified key. */
export function windowKeys(claims: (key: string, inText: boolean) => boolean = () => false) {
  return fromCallback<EventObject, void>(({ sendBack }) => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const inText = takesText(event.target);
      const press: KeyPress = { type: 'key.press', key: event.key, inText };
      sendBack(press);
      if (claims(event.key, inText)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
