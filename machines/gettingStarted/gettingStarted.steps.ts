import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GettingStartedStepId } from './gettingStarted.types.ts';

export interface GettingStartedStepView {
  /** What to do, as the checklist names it. */
  label: MessageDescriptor;
  /** Where it is done. */
  to: string;
}

/**
 * Issue 21: each step of the checklist, and the screen where it is done. A Record, so a step the
 * contract adds does not compile until it has its words and its place.
 */
export const gettingStartedSteps: Record<GettingStartedStepId, GettingStartedStepView> = {
  widget: { label: msg`Create a widget`, to: '/widgets/manage/general' },
  installation: { label: msg`Install the code on your website`, to: '/websites' },
  agentOrNumber: { label: msg`Add an agent or a number to call`, to: '/agents/manage' },
  testCall: { label: msg`Make a test call`, to: '/widgets' },
  credits: { label: msg`Buy credits or turn on auto-recharge`, to: '/billing' },
};

export const gettingStartedMessages = {
  dismissFailed: msg`Failed to hide Getting started.`,
  reopenFailed: msg`Failed to show Getting started.`,
};
