import type { ReactNode } from 'react';
import type { WidgetDraft, WidgetDraftErrors } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import type { UploadFieldState } from '../../../ui/FileUpload.tsx';
import type { DraftChange } from '../general/fields.tsx';

export interface DesignStepProps {
  draft: WidgetDraft;
  errors: WidgetDraftErrors;
  onChange: DraftChange;
  /** The picture upload (`useUpload('image', url => onChange('settings.callSetup.picture.src', url ?? ''))`). */
  upload: UploadFieldState;
  /**
   * The live preview (spec §2: "with live previews") with its view tabs, shown beside the form
   * on wide screens and above it on phones.
   */
  preview?: ReactNode;
}

export interface DesignSectionProps {
  draft: WidgetDraft;
  errors: WidgetDraftErrors;
  onChange: DraftChange;
}
