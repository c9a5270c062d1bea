import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { notFoundMessage } from '../shared/messages.ts';

/** The saved agent's name in a toast (placeholders are filled by the view's i18n). */
function named(descriptor: MessageDescriptor, name: string): MessageDescriptor {
  return { ...descriptor, values: { ...descriptor.values, name } };
}

/** spec §8 Agents messages and the form's own (spec §5 Agent). */
export const agentFormMessages = {
  /** spec §5 Agent: the phone pattern's message on this form. */
  phoneFormat: msg`Not a valid phone number format`,
  failedToLoad: msg`Failed to get agents.`,
  notFound: notFoundMessage(msg`agent`),
  createFailed: msg`Failed to save agent.`,
  updateFailed: msg`Failed to update agent.`,
};

const name = '';
const createdMessage = msg`Agent ${name} has been saved.`;
const updatedMessage = msg`Agent ${name} has been updated.`;

/** spec §8: "Agent {name} has been saved." */
export function agentCreatedMessage(agentName: string): MessageDescriptor {
  return named(createdMessage, agentName);
}

/** spec §8: "Agent {name} has been updated." */
export function agentUpdatedMessage(agentName: string): MessageDescriptor {
  return named(updatedMessage, agentName);
}
