import { agentHandlers } from './agents.ts';
import { analyticsHandlers } from './analytics.ts';
import { analyticsIntegrationHandlers } from './analyticsIntegration.ts';
import { apiKeyHandlers } from './apiKeys.ts';
import { authHandlers } from './auth.ts';
import { blockedVisitorHandlers } from './blockedVisitors.ts';
import { callLimitHandlers } from './callLimits.ts';
import { callDestinationHandlers } from './callDestinations.ts';
import { recordingSettingHandlers } from './recordingSettings.ts';
import { callHandlers } from './calls.ts';
import { creditHandlers } from './credits.ts';
import { gettingStartedHandlers } from './gettingStarted.ts';
import type { HandlerContext, OperationHandlers } from './handlerContext.ts';
import { metaHandlers } from './meta.ts';
import { localCardProcessorHandlers } from './localCardProcessor.ts';
import { paymentHandlers } from './payments.ts';
import { systemHandlers } from './system.ts';
import { testCallHandlers } from './testCalls.ts';
import { userHandlers } from './user.ts';
import { userFileHandlers } from './userFiles.ts';
import { webhookHandlers } from './webhooks.ts';
import { websiteHandlers } from './websites.ts';
import { widgetHandlers } from './widgets.ts';

/**
 * Every operation of the contract by operationId, composed from one file per tag.
 * buildApp checks that this covers the contract exactly (http/contract.ts).
 */
export function createServiceHandlers(context: HandlerContext): OperationHandlers {
  const handlers: OperationHandlers = {};
  const implemented = [
    authHandlers(context),
    userHandlers(context),
    metaHandlers(context),
    systemHandlers(context),
    callHandlers(context),
    blockedVisitorHandlers(context),
    callLimitHandlers(context),
    callDestinationHandlers(context),
    recordingSettingHandlers(context),
    analyticsHandlers(context),
    widgetHandlers(context),
    websiteHandlers(context),
    agentHandlers(context),
    userFileHandlers(context),
    creditHandlers(context),
    paymentHandlers(context),
    localCardProcessorHandlers(context),
    webhookHandlers(context),
    apiKeyHandlers(context),
    analyticsIntegrationHandlers(context),
    testCallHandlers(context),
    gettingStartedHandlers(context),
  ];
  for (const group of implemented) {
    for (const [operationId, handler] of Object.entries(group)) {
      if (operationId in handlers) {
        throw new Error(`Two handlers for operation ${operationId}`);
      }
      handlers[operationId] = handler;
    }
  }
  return handlers;
}
