import { useActorRef } from '@xstate/react';
import type { Actor, ActorOptions, AnyActorLogic, ConditionalRequired, IsNotNever, RequiredActorOptionsKeys } from 'xstate';
import { inspect } from './inspector.ts';

/**
 * `useActorRef` with the Stately inspector attached (`npm run dev` with `?inspect`; nothing in a
 * production build). Screens run their machines through this hook, so none of them imports the
 * inspector; the options are useActorRef's (`input` is required when the machine requires it).
 */
export function useInspectedActorRef<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...[options]: ConditionalRequired<
    [options?: Omit<ActorOptions<TLogic>, 'inspect'> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown }],
    IsNotNever<RequiredActorOptionsKeys<TLogic>>
  >
): Actor<TLogic> {
  return useActorRef(logic, { ...options, inspect } as ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown });
}
