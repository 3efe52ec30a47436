/** The window's keys as `key.press` events: modifiers left to the browser, text fields named, claimed keys prevented. */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, type AnyEventObject } from 'xstate';
import { windowKeys } from './window-keys.ts';

function listen(claims?: (key: string, inText: boolean) => boolean) {
  const heard: AnyEventObject[] = [];
  const parent = createMachine({ invoke: { src: windowKeys(claims) }, on: { 'key.press': { actions: ({ event }) => void heard.push(event) } } });
  const actor = createActor(parent).start();
  return { heard, stop: () => actor.stop() };
}

const press = (target: EventTarget, key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

afterEach(() => document.body.replaceChildren());

describe('window keys', () => {
  it('reports unmodified keys, saying whether they went to a field that takes text', () => {
    const { heard, stop } = listen();
    const text = document.body.appendChild(document.createElement('input'));
    const box = document.body.appendChild(Object.assign(document.createElement('input'), { type: 'checkbox' }));
    press(window, 'f');
    press(text, 'Escape');
    press(box, 'Escape');
    press(window, 'f', { ctrlKey: true });
    press(window, 'f', { metaKey: true });
    expect(heard).toEqual([
      { type: 'key.press', key: 'f', inText: false },
      { type: 'key.press', key: 'Escape', inText: true },
      { type: 'key.press', key: 'Escape', inText: false },
    ]);
    stop();
    press(window, 'g');
    expect(heard).toHaveLength(3);
  });

  it('prevents the browser default of the keys it claims', () => {
    const { stop } = listen((key, inText) => key === ' ' && !inText);
    expect(press(window, ' ').defaultPrevented).toBe(true);
    expect(press(window, 'x').defaultPrevented).toBe(false);
    const text = document.body.appendChild(document.createElement('textarea'));
    expect(press(text, ' ').defaultPrevented).toBe(false);
    stop();
  });
});
