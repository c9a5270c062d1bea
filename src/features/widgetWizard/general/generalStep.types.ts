import type { WidgetDraft, WidgetDraftErrors } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import type { UploadFieldState } from '../../../ui/FileUpload.tsx';
import type { ReactNode } from 'react';
import type { DraftChange } from './fields.tsx';

/** What the General step offers besides the draft (metadata, the account's websites and agents, user flags). */
export interface GeneralStepMeta {
  widgetTypes: ReadonlyArray<{ id: number; name: string }>;
  callingRules: ReadonlyArray<{ id: number; name: string }>;
  /** Suggestions for the website URL (spec §2: existing website domains). */
  websiteDomains: readonly string[];
  /** The regular, named agents to choose from (spec §4: agents are chosen by name). */
  agents: ReadonlyArray<{ id: number; name: string; phone: string }>;
  /** spec §6: gates the Devices option. */
  hasAdvancedWidgetSettings: boolean;
  /** spec §6: gates the Custom caller id option. */
  displayCustomNumberToCustomers: boolean;
  /** spec §4: editing keeps the widget's type, shown but not changeable (All Widgets only creates). */
  typeLocked: boolean;
}

export interface GeneralStepProps {
  draft: WidgetDraft;
  errors: WidgetDraftErrors;
  onChange: DraftChange;
  meta: GeneralStepMeta;
  /** The waiting-audio upload (`useUpload('audio', url => onChange('settings.settings.waitingAudio.url', url))`). */
  upload: UploadFieldState;
  /** The live preview's page test, shown under the display rules (preview/PageAddressTest.tsx). */
  pageTest?: ReactNode;
}

/** What each section of the step gets. */
export interface SectionProps {
  draft: WidgetDraft;
  errors: WidgetDraftErrors;
  onChange: DraftChange;
}
