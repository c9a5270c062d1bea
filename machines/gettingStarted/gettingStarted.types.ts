import type { components } from '../../common/contract/dashboard.gen.ts';

/** The checklist's state as the server answers it (contract: GettingStarted). */
export type GettingStarted = components['schemas']['GettingStarted'];
/** One step: its id and whether it is done (contract: GettingStartedStep). */
export type GettingStartedStep = components['schemas']['GettingStartedStep'];
export type GettingStartedStepId = GettingStartedStep['id'];
