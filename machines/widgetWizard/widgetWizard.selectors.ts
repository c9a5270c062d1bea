import type { MessageDescriptor } from '@lingui/core';
import type { SnapshotFrom } from 'xstate';
import type { WidgetDraftErrors } from './widgetWizard.draft.ts';
import type { widgetWizardMachine } from './widgetWizard.machine.ts';
import { widgetWizardMessages } from './widgetWizard.messages.ts';
import { isDesignPath } from './widgetWizard.schema.ts';
import type { WizardStep } from './widgetWizard.types.ts';
import { pageTestResult, type PageTestResult } from './widgetWizard.pageTest.ts';

type WizardSnapshot = SnapshotFrom<typeof widgetWizardMachine>;

/** The step the wizard shows (spec §2: 1 General, 2 Design, 3 Code); submitting stays on Design. */
export function currentStep(snapshot: WizardSnapshot): WizardStep {
  if (snapshot.matches('code')) return 'code';
  if (snapshot.matches('design') || snapshot.matches('submitting')) return 'design';
  return 'general';
}

export function isLoading(snapshot: WizardSnapshot): boolean {
  return snapshot.hasTag('loading');
}

/** Saving: the submit button shows a spinner and the step is locked. */
export function isSaving(snapshot: WizardSnapshot): boolean {
  return snapshot.hasTag('busy');
}

export function isEditing(snapshot: WizardSnapshot): boolean {
  return snapshot.context.widgetId !== null;
}

/** spec §4: a stored widget keeps its type (shown, not changeable); All Widgets is for creation only. */
export function isTypeLocked(snapshot: WizardSnapshot): boolean {
  return isEditing(snapshot);
}

/** The not-found or load-failure message, when the wizard cannot show the widget. */
export function loadError(snapshot: WizardSnapshot): MessageDescriptor | null {
  return snapshot.matches('notFound') || snapshot.matches('loadFailed') ? snapshot.context.error : null;
}

export function canRetryLoad(snapshot: WizardSnapshot): boolean {
  return snapshot.matches('loadFailed');
}

/**
 * The messages a step's form shows: a field's error once the user changed it, every error of
 * the step after Next (General) or Create/Update (Design) was tried.
 */
export function visibleErrors(snapshot: WizardSnapshot, step: 'general' | 'design'): WidgetDraftErrors {
  const { errors, touched, generalAttempted, designAttempted } = snapshot.context;
  const attempted = step === 'design' ? designAttempted : generalAttempted;
  const visible: WidgetDraftErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (isDesignPath(path) !== (step === 'design')) continue;
    if (attempted || touched[path]) visible[path] = message;
  }
  return visible;
}

/**
 * The Code step (spec §4): the website's embed code, with the instruction when the website had
 * no widgets before, otherwise the message that the existing code refreshed automatically.
 */
export function codeStep(
  snapshot: WizardSnapshot,
): { publicKey: string; domain: string; message: MessageDescriptor; showInstruction: boolean; widgets: { id: number; name: string }[] } | null {
  const { website, websiteHadWidgets, saved } = snapshot.context;
  if (!snapshot.matches('code') || !website) return null;
  return {
    publicKey: website.publicKey,
    domain: website.domain,
    showInstruction: !websiteHadWidgets,
    message: websiteHadWidgets ? widgetWizardMessages.codeRefreshed : widgetWizardMessages.codeInstruction,
    // The widgets the submit saved, which "Call me now" can ring through (issue 21).
    widgets: saved.map(({ id, name }) => ({ id, name })),
  };
}

/** The live preview's page test (issue 20): the typed address and what the rules do there (null while nothing is typed). */
export function pageTest(snapshot: WizardSnapshot): { address: string; result: PageTestResult | null } {
  const { pageAddress, draft } = snapshot.context;
  return { address: pageAddress, result: pageTestResult(draft.settings.settings.displayRules, pageAddress) };
}

/** Page tests are rebuilt on every snapshot; the same address and sentences are the same test. */
export function samePageTest(a: ReturnType<typeof pageTest>, b: ReturnType<typeof pageTest>): boolean {
  return a.address === b.address && JSON.stringify(a.result) === JSON.stringify(b.result);
}
