import { Stack } from '@chakra-ui/react/stack';
import { AvailabilitySection } from './AvailabilitySection.tsx';
import { CallHandlingSection, MissedCallsSection } from './CallFlowSection.tsx';
import { DisplayRulesSection } from './DisplayRulesSection.tsx';
import { ExtrasSection } from './ExtrasSection.tsx';
import type { GeneralStepProps } from './generalStep.types.ts';
import { NotificationsSection, RedirectionsSection } from './NotificationsSection.tsx';
import { NumbersToCallSection } from './NumbersToCallSection.tsx';
import { WidgetIdentitySection } from './WidgetIdentitySection.tsx';

export type { GeneralStepMeta, GeneralStepProps } from './generalStep.types.ts';

/**
 * Step 1 of the widget wizard (spec §2 Widget wizard, General): a pure view of the draft. Every
 * edit goes out as `onChange(path, value)`; the wizard machine applies it (switch behaviour,
 * validation). Each field carries `data-field="<path>"` for scrolling to the first error.
 */
export function GeneralStep({ draft, errors, onChange, meta, upload, pageTest }: GeneralStepProps) {
  const sections = { draft, errors, onChange };
  return (
    <Stack gap="5">
      <WidgetIdentitySection {...sections} meta={meta} />
      <NumbersToCallSection {...sections} meta={meta} />
      <CallHandlingSection {...sections} />
      <AvailabilitySection {...sections} />
      <DisplayRulesSection {...sections} pageTest={pageTest} />
      <MissedCallsSection {...sections} />
      <NotificationsSection {...sections} />
      <RedirectionsSection {...sections} />
      <ExtrasSection {...sections} meta={meta} upload={upload} />
    </Stack>
  );
}
