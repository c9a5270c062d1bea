import { Box } from '@chakra-ui/react/box';
import { Grid } from '@chakra-ui/react/grid';
import { Stack } from '@chakra-ui/react/stack';
import { CallNowDesignSection } from './CallNowDesignSection.tsx';
import type { DesignStepProps } from './designStep.types.ts';
import { FloatingIconDesignSection, GlobalDesignSection, LayoutSection } from './GlobalDesignSections.tsx';
import { RequestCallbackDesignSection } from './RequestCallbackDesignSection.tsx';

export type { DesignStepProps } from './designStep.types.ts';

/**
 * Step 2 of the widget wizard (spec §2 Widget wizard, Design): a pure view of the draft's
 * design with the live preview beside it (above it on phones). The page composes `preview`
 * (preview/WidgetPreview.tsx: WidgetViewTabs and WidgetPreview). Every edit goes out as
 * `onChange(path, value)`; each field carries `data-field="<path>"`.
 */
export function DesignStep({ draft, errors, onChange, upload, preview }: DesignStepProps) {
  const sections = { draft, errors, onChange };
  const showPreview = Boolean(preview);
  return (
    <Grid templateColumns={showPreview ? { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } : '1fr'} gap="6" alignItems="start">
      {showPreview ? (
        // First in the DOM, so phones show it above the form; on wide screens it sits on the right and stays in view.
        <Box gridColumn={{ lg: '2' }} gridRow={{ lg: '1' }} position={{ lg: 'sticky' }} top={{ lg: '4' }}>
          {preview}
        </Box>
      ) : null}
      <Stack gap="5" gridColumn={{ lg: '1' }} gridRow={{ lg: '1' }}>
        <LayoutSection {...sections} />
        <CallNowDesignSection {...sections} upload={upload} />
        <RequestCallbackDesignSection {...sections} />
        <FloatingIconDesignSection {...sections} />
        <GlobalDesignSection {...sections} />
      </Stack>
    </Grid>
  );
}
