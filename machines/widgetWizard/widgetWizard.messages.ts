import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { notFoundMessage } from '../shared/messages.ts';

/** The widget wizard's notices and texts (spec §8 Widgets, §4 Widget wizard). */
export const widgetWizardMessages = {
  /** WIDGET_CREATE_SUCCESS */
  saved: msg`Widget saved!`,
  /** WIDGET_CREATE_ERROR */
  createFailed: msg`Widget creation failed.`,
  /** WIDGET_EDIT_ERROR */
  updateFailed: msg`Widget update failed.`,
  /** spec §8 Data loading: the website could not be created first. */
  websiteFailed: msg`Failed to add website.`,
  /** spec §8 Data loading: the wizard could not read the websites and agents it plans with. */
  loadFailed: msg`Failed to get widgets.`,
  /** spec §8: "The requested {name} is not found" for an unknown widget id. */
  notFound: notFoundMessage(msg`widget`),
  /** spec §4 Widget wizard: the Code step of a website that had no widgets before. */
  codeInstruction: msg`Copy this code and paste it into your website's HTML, just before the closing </body> tag.`,
  /** spec §4 Widget wizard: the Code step when the website already had widgets. */
  codeRefreshed: msg`Your widget has been saved. The code already on your website refreshed automatically, so there is nothing more to do.`,
} satisfies Record<string, MessageDescriptor>;

/** Validation messages of spec §5 Widget general and Widget design (shared messages of §5). */
export const widgetValidationMessages = {
  required: msg`Required field`,
  url: msg`Must be a valid URL`,
  positive: msg`Must be positive`,
  invalidEmail: msg`Invalid email`,
  phone: msg`Wrong phone number format`,
};

/** spec §5 shared "Value {v} is not a {type}": a number field holding something else. */
export function notANumber(value: string): MessageDescriptor {
  const v = value;
  const type = '';
  return { ...msg`Value ${v} is not a ${type}`, values: { v, type: msg`number` } };
}

/** spec §5 shared "Lower than {n}": a number that must stay below n. */
export function lowerThan(n: number): MessageDescriptor {
  return msg`Lower than ${n}`;
}

/** spec §5 shared "Maximum field length {n}". */
export function maxLength(n: number): MessageDescriptor {
  return msg`Maximum field length ${n}`;
}
