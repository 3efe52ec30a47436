/**
 * Sign-in (SPEC §4): who the user is, as far as the web app knows, and what stands between a
 * signed-in user and the app (the questionnaire, the end-user agreement).
 *
 *   auth
 *   ├── restoring              transient: stored session → authenticated, else signedOut
 *   ├── signedOut              sign-in, SSO, sign-up and reset requests start here
 *   │   ├── loggedOut          LOGGED_OUT (initial unless stored)
 *   │   ├── failed             ERROR — keeps loginError / signupError / resetError
 *   │   ├── signedUp           SIGNUP_SUCCESS
 *   │   └── resetRequested     LOGGED_OUT, the reset e-mail is on its way
 *   ├── passwordLogin          WAIT_FOR_TOKEN (invokes login {username, password})
 *   ├── otpLogin               WAIT_FOR_TOKEN (invokes login {email, otp})
 *   ├── redirectingToSso       WAIT_FOR_OAUTH_REDIRECT_URL
 *   │   ├── fetchingUrl        asks the server for the provider's address
 *   │   └── leaving            state + original path saved, browser sent to the provider
 *   ├── exchangingCode         WAIT_FOR_OAUTH_RESPONSE (callback in progress; state matched)
 *   ├── signingUp              LOGGED_OUT (invokes signup)
 *   ├── signingInAfterSignup   WAIT_FOR_TOKEN: the new account (signed up) signs in with what was typed
 *   │                          (a refused sign-in leaves it at signed up: the user signs in by hand)
 *   ├── requestingReset        LOGGED_OUT (invokes requestReset)
 *   └── authenticated          AUTHENTICATED
 *       ├── checkingOnboarding after a fresh sign-in: does the questionnaire still need answers?
 *       ├── questionnaire      flag on: the app stays 'unauthenticated', login shows the form
 *       │   ├── answering
 *       │   └── submitting
 *       └── ready              the app is usable
 *           ├── checkingAgreement
 *           ├── agreementRequired  the agreement modal blocks the app
 *           ├── agreeing
 *           └── active
 *
 * Each state carries its status as a tag (the names in capitals above), so the screens read the
 * status, a sign-in under way (`signingIn`) and the agreement modal (`agreementShown`) by tag.
 *
 * A single sign-on callback whose state differs from the saved one goes to failed without calling
 * the server (SPEC §5). Owned by src/app (AuthContext); read by the router, the root element, the
 * auth screens (src/screens/auth/) and the header. The API client reports rotated tokens
 * (`tokens.refreshed`) and a refused refresh (`session.expired`, 'Invalid refresh token').
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  Agreement,
  AuthContext,
  AuthEvent,
  AuthInput,
  AuthResponse,
  AuthTag,
  Credentials,
  PendingSso,
  QuestionnaireAnswers,
  SignupDetails,
  SsoRedirect,
} from './auth.types.ts';
import { asServerError, clientError } from './server-error.ts';

export const INVALID_REFRESH_TOKEN = 'Invalid refresh token';
export const SSO_STATE_MISMATCH = 'Single sign-on failed: the response does not belong to a sign-in started here.';
export const SSO_NO_STATE = 'Single sign-on failed: the provider address carries no state.';
export const SSO_DID_NOT_START = 'The sign-on page did not open. Please try again.';
export const GENERIC_RESET_ERROR = 'We could not send the password reset e-mail. Please try again.';
export const DEFAULT_RETURN_PATH = '/projects/';

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} actor not provided`);
  });
}

const signedOutContext = {
  authResponse: null,
  loginError: null,
  signupError: null,
  resetError: null,
  sessionError: null,
  returnPath: null,
  questionnaire: false,
  questionnaireError: null,
  agreement: null,
  agreementError: null,
} satisfies Omit<AuthContext, 'pendingSso'>;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    tags: {} as AuthTag,
  },
  actors: {
    login: notProvided<AuthResponse, Credentials>('login'),
    checkQuestionnaire: notProvided<boolean, void>('checkQuestionnaire'),
    startSso: notProvided<SsoRedirect, void>('startSso'),
    exchangeSsoCode: notProvided<AuthResponse, { code: string; state: string }>('exchangeSsoCode'),
    signup: notProvided<unknown, SignupDetails>('signup'),
    requestReset: notProvided<void, { email: string }>('requestReset'),
    submitQuestionnaire: notProvided<void, QuestionnaireAnswers>('submitQuestionnaire'),
    loadAgreement: notProvided<Agreement | null, void>('loadAgreement'),
    acceptAgreement: notProvided<void, { id: number }>('acceptAgreement'),
  },
  actions: {
    clearOutcome: assign({ loginError: null, signupError: null, resetError: null, sessionError: null }),
    /** A new screen: forget the last form's outcome, but keep telling why the session ended. */
    clearFormOutcome: assign({ loginError: null, signupError: null, resetError: null }),
    clearSession: assign(signedOutContext),
    holdSignupCredentials: assign(({ event }) => {
      assertEvent(event, 'signup.submit');
      return { signupCredentials: { username: event.details.username, password: event.details.password } };
    }),
    forgetSignupCredentials: assign({ signupCredentials: null }),
    storeTokens: assign((_, tokens: AuthResponse) => ({ authResponse: tokens, loginError: null, sessionError: null })),
    storeRefreshedTokens: assign(({ event }) => {
      assertEvent(event, 'tokens.refreshed');
      return { authResponse: event.authResponse };
    }),
    expireSession: assign({ sessionError: INVALID_REFRESH_TOKEN }),
    rejectLogin: assign((_, params: { error: unknown }) => ({ authResponse: null, loginError: asServerError(params.error) })),
    rejectSsoCallback: assign(({ event }) => {
      assertEvent(event, 'sso.callback');
      const reason = event.callback.error ?? 'the provider sent no code';
      return { loginError: clientError(`Single sign-on failed: ${reason}.`) };
    }),
    rejectSsoState: assign({ loginError: clientError(SSO_STATE_MISMATCH) }),
    rejectSsoRedirect: assign({ loginError: clientError(SSO_NO_STATE) }),
    rejectSsoTimeout: assign({ loginError: clientError(SSO_DID_NOT_START) }),
    rememberReturnPath: assign(({ event }) => {
      assertEvent(event, 'sso.start');
      return { returnPath: event.returnPath };
    }),
    rememberSso: assign((_, pending: PendingSso) => ({ pendingSso: pending, returnPath: pending.returnPath })),
    takePendingSso: assign(({ context }) => ({ returnPath: context.pendingSso?.returnPath ?? DEFAULT_RETURN_PATH, pendingSso: null })),
    dropPendingSso: assign({ pendingSso: null }),
    rejectSignup: assign((_, params: { error: unknown }) => ({ signupError: asServerError(params.error) })),
    rejectReset: assign((_, params: { error: unknown }) => ({ resetError: { ...asServerError(params.error), detail: GENERIC_RESET_ERROR } })),
    raiseQuestionnaireFlag: assign({ questionnaire: true }),
    lowerQuestionnaireFlag: assign({ questionnaire: false, questionnaireError: null }),
    rejectQuestionnaire: assign((_, params: { error: unknown }) => ({ questionnaire: true, questionnaireError: asServerError(params.error) })),
    keepAgreement: assign((_, agreement: Agreement | null) => ({ agreement, agreementError: null })),
    clearAgreement: assign({ agreement: null, agreementError: null }),
    rejectAgreement: assign((_, params: { error: unknown }) => ({ agreementError: asServerError(params.error) })),
    // Side effects outside the machine, provided by src/services/auth-services.ts (tests provide spies):
    /**
     * Write the new tokens where the API client reads them, now: the onboarding check starts in this
     * same step, before any subscriber to the machine hears of the sign-in.
     */
    saveSession: (_, _tokens: AuthResponse) => {},
    /** Logout: remove the stored auth record and the project-share id (SPEC §4). */
    forgetStoredData: () => {},
    /** Keep the SSO state and original path where the page that comes back can read them. */
    storePendingSso: (_, _pending: PendingSso) => {},
    clearPendingSso: () => {},
    /** Send the browser to the provider (window.location.assign in the app). */
    goToProvider: (_, _params: { url: string }) => {},
  },
  guards: {
    hasStoredSession: ({ context }) => context.authResponse !== null,
    questionnaireStored: ({ context }) => context.authResponse !== null && context.questionnaire,
    ssoCallbackIsError: ({ event }) => {
      assertEvent(event, 'sso.callback');
      return event.callback.error !== null || !event.callback.code;
    },
    ssoStateMatches: ({ context, event }) => {
      assertEvent(event, 'sso.callback');
      const expected = context.pendingSso?.state;
      return typeof expected === 'string' && expected.length > 0 && event.callback.state === expected;
    },
    redirectHasState: (_, redirect: SsoRedirect) => redirect.state.length > 0 && redirect.authorizationUrl.length > 0,
    questionnaireRequired: (_, required: boolean) => required,
    agreementPending: (_, agreement: Agreement | null) => agreement !== null,
  },
  delays: {
    /** The browser should have left for the provider long before this. */
    providerRedirectTimeout: 30_000,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => {
    const authResponse = input.stored?.status === 'AUTHENTICATED' ? input.stored.auth_response : null;
    return { ...signedOutContext, authResponse, pendingSso: input.pendingSso ?? null, questionnaire: authResponse !== null && input.questionnaire === true };
  },
  initial: 'restoring',
  states: {
    restoring: {
      tags: 'LOGGED_OUT',
      always: [
        { guard: 'questionnaireStored', target: '#auth.authenticated.questionnaire' },
        { guard: 'hasStoredSession', target: '#auth.authenticated.ready' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      initial: 'loggedOut',
      on: {
        'credentials.submit': { target: 'passwordLogin', actions: 'clearOutcome' },
        'otp.submit': { target: 'otpLogin', actions: 'clearOutcome' },
        'sso.start': { target: 'redirectingToSso', actions: ['clearOutcome', 'rememberReturnPath'] },
        'sso.callback': [
          { guard: 'ssoCallbackIsError', target: '.failed', actions: ['rejectSsoCallback', 'dropPendingSso', 'clearPendingSso'] },
          { guard: 'ssoStateMatches', target: 'exchangingCode', actions: ['clearOutcome', 'takePendingSso', 'clearPendingSso'] },
          // State mismatch: failed, and the server is never asked.
          { target: '.failed', actions: ['rejectSsoState', 'dropPendingSso', 'clearPendingSso'] },
        ],
        'signup.submit': { target: 'signingUp', actions: ['clearOutcome', 'holdSignupCredentials'] },
        'reset.request': { target: 'requestingReset', actions: 'clearOutcome' },
        'flow.clear': { target: '.loggedOut', actions: 'clearFormOutcome' },
      },
      states: {
        loggedOut: { tags: 'LOGGED_OUT' },
        failed: { tags: 'ERROR' },
        signedUp: { tags: 'SIGNUP_SUCCESS' },
        resetRequested: { tags: 'LOGGED_OUT' },
      },
    },
    passwordLogin: {
      tags: ['WAIT_FOR_TOKEN', 'signingIn'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'credentials.submit');
          return event.credentials;
        },
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'storeTokens', params: ({ event }) => event.output },
            { type: 'saveSession', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'signedOut.failed', actions: { type: 'rejectLogin', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    otpLogin: {
      tags: ['WAIT_FOR_TOKEN', 'signingIn'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'otp.submit');
          return event.credentials;
        },
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'storeTokens', params: ({ event }) => event.output },
            { type: 'saveSession', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'signedOut.failed', actions: { type: 'rejectLogin', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    redirectingToSso: {
      tags: ['WAIT_FOR_OAUTH_REDIRECT_URL', 'signingIn'],
      initial: 'fetchingUrl',
      states: {
        fetchingUrl: {
          invoke: {
            id: 'startSso',
            src: 'startSso',
            onDone: [
              {
                guard: { type: 'redirectHasState', params: ({ event }) => event.output },
                target: 'leaving',
                actions: [
                  {
                    type: 'rememberSso',
                    params: ({ context, event }) => ({ state: event.output.state, returnPath: context.returnPath ?? DEFAULT_RETURN_PATH }),
                  },
                  {
                    type: 'storePendingSso',
                    params: ({ context, event }) => ({ state: event.output.state, returnPath: context.returnPath ?? DEFAULT_RETURN_PATH }),
                  },
                  { type: 'goToProvider', params: ({ event }) => ({ url: event.output.authorizationUrl }) },
                ],
              },
              { target: '#auth.signedOut.failed', actions: 'rejectSsoRedirect' },
            ],
            onError: { target: '#auth.signedOut.failed', actions: { type: 'rejectLogin', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        leaving: {
          on: { cancel: '#auth.signedOut' },
          after: { providerRedirectTimeout: { target: '#auth.signedOut.failed', actions: 'rejectSsoTimeout' } },
        },
      },
    },
    exchangingCode: {
      tags: ['WAIT_FOR_OAUTH_RESPONSE', 'signingIn'],
      invoke: {
        id: 'exchangeSsoCode',
        src: 'exchangeSsoCode',
        input: ({ event }) => {
          assertEvent(event, 'sso.callback');
          return { code: event.callback.code ?? '', state: event.callback.state ?? '' };
        },
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'storeTokens', params: ({ event }) => event.output },
            { type: 'saveSession', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'signedOut.failed', actions: { type: 'rejectLogin', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signingUp: {
      tags: 'LOGGED_OUT',
      invoke: {
        id: 'signup',
        src: 'signup',
        input: ({ event }) => {
          assertEvent(event, 'signup.submit');
          return event.details;
        },
        onDone: 'signingInAfterSignup',
        onError: {
          target: 'signedOut.failed',
          actions: ['forgetSignupCredentials', { type: 'rejectSignup', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    signingInAfterSignup: {
      tags: ['WAIT_FOR_TOKEN', 'signingIn'],
      exit: 'forgetSignupCredentials',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.signupCredentials!,
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'storeTokens', params: ({ event }) => event.output },
            { type: 'saveSession', params: ({ event }) => event.output },
          ],
        },
        onError: 'signedOut.signedUp',
      },
    },
    requestingReset: {
      tags: 'LOGGED_OUT',
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ event }) => {
          assertEvent(event, 'reset.request');
          return { email: event.email };
        },
        onDone: 'signedOut.resetRequested',
        onError: { target: 'signedOut.failed', actions: { type: 'rejectReset', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    authenticated: {
      tags: 'AUTHENTICATED',
      initial: 'checkingOnboarding',
      on: {
        'tokens.refreshed': { actions: 'storeRefreshedTokens' },
        'session.expired': { target: 'signedOut', actions: ['clearSession', 'expireSession', 'forgetStoredData'] },
        'session.ended': { target: 'signedOut', actions: 'clearSession' },
        logout: { target: 'signedOut', actions: ['clearSession', 'forgetStoredData'] },
      },
      states: {
        checkingOnboarding: {
          tags: 'signingIn',
          invoke: {
            id: 'checkQuestionnaire',
            src: 'checkQuestionnaire',
            onDone: [
              { guard: { type: 'questionnaireRequired', params: ({ event }) => event.output }, target: 'questionnaire', actions: 'raiseQuestionnaireFlag' },
              { target: 'ready', actions: 'lowerQuestionnaireFlag' },
            ],
            // Not knowing must not lock the user out: the app opens, the flag stays off.
            onError: 'ready',
          },
        },
        questionnaire: {
          initial: 'answering',
          states: {
            answering: {
              on: { 'questionnaire.submit': 'submitting' },
            },
            submitting: {
              invoke: {
                id: 'submitQuestionnaire',
                src: 'submitQuestionnaire',
                input: ({ event }) => {
                  assertEvent(event, 'questionnaire.submit');
                  return event.answers;
                },
                onDone: { target: '#auth.authenticated.ready', actions: 'lowerQuestionnaireFlag' },
                onError: { target: 'answering', actions: { type: 'rejectQuestionnaire', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        ready: {
          initial: 'checkingAgreement',
          states: {
            checkingAgreement: {
              invoke: {
                id: 'loadAgreement',
                src: 'loadAgreement',
                onDone: [
                  {
                    guard: { type: 'agreementPending', params: ({ event }) => event.output },
                    target: 'agreementRequired',
                    actions: { type: 'keepAgreement', params: ({ event }) => event.output },
                  },
                  { target: 'active', actions: 'clearAgreement' },
                ],
                // The agreement could not be fetched: do not block the app on an outage.
                onError: 'active',
              },
            },
            agreementRequired: {
              tags: 'agreementShown',
              on: { 'agreement.accept': 'agreeing' },
            },
            agreeing: {
              tags: 'agreementShown',
              invoke: {
                id: 'acceptAgreement',
                src: 'acceptAgreement',
                input: ({ context }) => ({ id: context.agreement?.id ?? 0 }),
                onDone: { target: 'active', actions: 'clearAgreement' },
                onError: { target: 'agreementRequired', actions: { type: 'rejectAgreement', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            active: {},
          },
        },
      },
    },
  },
});
