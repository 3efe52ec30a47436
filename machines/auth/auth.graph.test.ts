/**
 * Model-based tests of the sign-in machine with xstate/graph: the traversal walks the machine's own
 * transition function (no actors run), feeding it every event — including the done/error events of
 * each invoked actor and the named delay — from several starting inputs.
 *
 * Properties:
 * - every resting state of the chart is reachable;
 * - a single sign-on callback whose state differs from the saved one goes to failed and never
 *   reaches exchangingCode (so the server is never asked) — on every path;
 * - with only the single sign-on events, no path whose callbacks are all mismatched reaches
 *   authenticated.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateNode, SnapshotFrom, StateValue } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { authMachine } from './auth.machine.ts';
import type { AuthEvent, AuthInput, ServerError } from './auth.types.ts';

type Snapshot = SnapshotFrom<typeof authMachine>;
interface Step {
  state: Snapshot;
  event: AuthEvent;
}

const GOOD = 'state-good';
const OTHER = 'state-other';
const EVIL = 'state-evil';
const TOKENS = { access: 'a-1', refresh: 'r-1' };
const FAILURE: ServerError = { kind: 'http', status: 400, detail: 'No', fields: {}, body: { detail: 'No' } };
const AGREEMENT = { id: 1, title: 'Terms', body: 'Text', version: '1' };

/** Actor completions, as the traversal must feed them (they are not AuthEvents). */
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as AuthEvent;
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: FAILURE }) as unknown as AuthEvent;
const callback = (state: string | null, code: string | null = 'code-1', err: string | null = null): AuthEvent => ({
  type: 'sso.callback',
  callback: { code, state, error: err },
});

const SSO_EVENTS: AuthEvent[] = [
  { type: 'sso.start', returnPath: '/projects/7/' },
  done('startSso', { authorizationUrl: `https://idp.example/a?state=${GOOD}`, state: GOOD }),
  done('startSso', { authorizationUrl: `https://idp.example/a?state=${OTHER}`, state: OTHER }),
  done('startSso', { authorizationUrl: 'https://idp.example/a', state: '' }),
  error('startSso'),
  callback(GOOD),
  callback(OTHER),
  callback(EVIL),
  callback(null),
  callback(GOOD, null, 'access_denied'),
  done('exchangeSsoCode', TOKENS),
  error('exchangeSsoCode'),
  { type: 'cancel' },
  { type: 'xstate.after.providerRedirectTimeout.auth.redirectingToSso.leaving' } as unknown as AuthEvent,
  { type: 'flow.clear' },
];

const ALL_EVENTS: AuthEvent[] = [
  ...SSO_EVENTS,
  { type: 'credentials.submit', credentials: { username: 'u', password: 'p' } },
  { type: 'otp.submit', credentials: { email: 'e@example.com', otp: '123456' } },
  done('login', TOKENS),
  error('login'),
  {
    type: 'signup.submit',
    details: { username: 'u', email: 'e@example.com', password: 'p', first_name: '', last_name: '', company: '', country: '', province: '' },
  },
  done('signup', { id: 1 }),
  error('signup'),
  { type: 'reset.request', email: 'e@example.com' },
  done('requestReset', undefined),
  error('requestReset'),
  done('checkQuestionnaire', true),
  done('checkQuestionnaire', false),
  error('checkQuestionnaire'),
  { type: 'questionnaire.submit', answers: { role: 'r', organisation_type: 'o', intended_use: 'i' } },
  done('submitQuestionnaire', undefined),
  error('submitQuestionnaire'),
  done('loadAgreement', AGREEMENT),
  done('loadAgreement', null),
  error('loadAgreement'),
  { type: 'agreement.accept' },
  done('acceptAgreement', undefined),
  error('acceptAgreement'),
  { type: 'tokens.refreshed', authResponse: { access: 'a-2', refresh: 'r-2' } },
  { type: 'session.expired' },
  { type: 'session.ended' },
  { type: 'logout' },
];

const INPUTS: AuthInput[] = [
  { stored: null },
  { stored: null, pendingSso: { state: GOOD, returnPath: '/projects/7/' } },
  { stored: { version: 1, status: 'AUTHENTICATED', auth_response: TOKENS } },
  { stored: { version: 1, status: 'AUTHENTICATED', auth_response: TOKENS }, questionnaire: true },
];

/** Serialise by state and the context that decides transitions (keeps the graph small and finite). */
function serializeState(snapshot: Snapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.pendingSso?.state ?? null, c.authResponse !== null, c.questionnaire, c.agreement !== null]);
}

function leafPaths(value: StateValue, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [[...prefix, key].join('.')] : leafPaths(child, [...prefix, key])));
}

function atomicStatePaths(node: AnyStateNode): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return [node.path.join('.')];
  return children.flatMap(atomicStatePaths);
}

function pendingState(snapshot: Snapshot): string | null {
  return snapshot.context.pendingSso?.state ?? null;
}

/** Each step with the snapshot it started from. */
function transitions(initial: Snapshot, steps: readonly Step[]): Array<{ before: Snapshot; event: AuthEvent; after: Snapshot }> {
  return steps.map((step, i) => ({ before: i === 0 ? initial : steps[i - 1]!.state, event: step.event, after: step.state }));
}

function isMismatchedCallback(before: Snapshot, event: AuthEvent): boolean {
  return event.type === 'sso.callback' && before.matches('signedOut') && event.callback.state !== pendingState(before);
}

describe('sign-in statechart (xstate/graph)', () => {
  it('reaches every resting state', () => {
    const reached = new Set<string>();
    for (const input of INPUTS) {
      const paths = getShortestPaths(authMachine, { input, events: ALL_EVENTS, serializeState });
      for (const path of paths) leafPaths(path.state.value).forEach((p) => reached.add(p));
    }
    const all = atomicStatePaths(authMachine.root).filter((p) => p !== 'restoring');
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter((p) => !reached.has(p))).toEqual([]);
  });

  it('every resting state carries exactly one status tag, the one its place in the chart names', () => {
    const STATUSES = [
      'AUTHENTICATED',
      'ERROR',
      'LOGGED_OUT',
      'WAIT_FOR_OAUTH_REDIRECT_URL',
      'WAIT_FOR_OAUTH_RESPONSE',
      'WAIT_FOR_TOKEN',
      'SIGNUP_SUCCESS',
    ] as const;
    const expected = (s: Snapshot) =>
      s.matches('authenticated')
        ? 'AUTHENTICATED'
        : s.matches('passwordLogin') || s.matches('otpLogin') || s.matches('signingInAfterSignup')
          ? 'WAIT_FOR_TOKEN'
          : s.matches('redirectingToSso')
            ? 'WAIT_FOR_OAUTH_REDIRECT_URL'
            : s.matches('exchangingCode')
              ? 'WAIT_FOR_OAUTH_RESPONSE'
              : s.matches({ signedOut: 'failed' })
                ? 'ERROR'
                : s.matches({ signedOut: 'signedUp' })
                  ? 'SIGNUP_SUCCESS'
                  : 'LOGGED_OUT';
    let checked = 0;
    for (const input of INPUTS) {
      for (const path of getShortestPaths(authMachine, { input, events: ALL_EVENTS, serializeState })) {
        expect(STATUSES.filter((t) => path.state.hasTag(t))).toEqual([expected(path.state)]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('on every shortest path, a mismatched callback goes to failed and the code is never exchanged', () => {
    let checked = 0;
    for (const input of INPUTS) {
      const paths = getShortestPaths(authMachine, { input, events: ALL_EVENTS, serializeState });
      for (const path of paths) {
        const start = path.steps[0]!.state;
        for (const { before, event, after } of transitions(start, path.steps.slice(1))) {
          if (isMismatchedCallback(before, event)) {
            checked += 1;
            expect(after.matches({ signedOut: 'failed' })).toBe(true);
            expect(after.matches('exchangingCode')).toBe(false);
          }
          if (after.matches('exchangingCode') && !before.matches('exchangingCode')) {
            // The only way in: a callback carrying exactly the saved state.
            expect(event.type).toBe('sso.callback');
            expect(event.type === 'sso.callback' && event.callback.state).toBe(pendingState(before));
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('with single sign-on events only, no path whose callbacks all mismatch reaches authenticated', () => {
    let mismatchedPaths = 0;
    for (const input of INPUTS.slice(0, 2)) {
      const paths = getSimplePaths(authMachine, { input, events: SSO_EVENTS, serializeState });
      expect(paths.length).toBeGreaterThan(10);
      for (const path of paths) {
        const start = path.steps[0]!.state;
        const steps = transitions(start, path.steps.slice(1));
        const callbacks = steps.filter(({ event }) => event.type === 'sso.callback');
        if (callbacks.length === 0 || !callbacks.every(({ before, event }) => isMismatchedCallback(before, event))) continue;
        mismatchedPaths += 1;
        expect(path.state.matches('authenticated')).toBe(false);
        expect(steps.some(({ after }) => after.matches('exchangingCode') || after.matches('authenticated'))).toBe(false);
      }
    }
    expect(mismatchedPaths).toBeGreaterThan(0);
  });

  it('with single sign-on events only, authenticated is reached — through a matching callback', () => {
    const paths = getSimplePaths(authMachine, { input: INPUTS[0], events: SSO_EVENTS, serializeState, toState: (s) => s.matches('authenticated') });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const steps = transitions(path.steps[0]!.state, path.steps.slice(1));
      const entry = steps.find(({ after }) => after.matches('exchangingCode'));
      expect(entry?.event.type).toBe('sso.callback');
      expect(entry && entry.event.type === 'sso.callback' ? entry.event.callback.state : null).toBe(pendingState(entry!.before));
    }
  });
});
