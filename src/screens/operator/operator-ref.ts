/** The operator machine's actor, as its panels receive it. */
import type { ActorRefFrom } from 'xstate';
import type { operatorMachine } from '@machines/operator/operator.machine.ts';

export type OperatorRef = ActorRefFrom<typeof operatorMachine>;
