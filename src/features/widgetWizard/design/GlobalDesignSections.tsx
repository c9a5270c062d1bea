import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { useLingui } from '@lingui/react/macro';
import type { GlobalSetup } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import { SliderField } from '../../../ui/SliderField.tsx';
import { DraftField, errorAt, FormSection, RadioChoice } from '../general/fields.tsx';
import { DraftColorField } from './designFields.tsx';
import type { DesignSectionProps } from './designStep.types.ts';

type Layout = GlobalSetup['layout'];
type Position = GlobalSetup['floatingIcon']['position'];
type ScreenColour = GlobalSetup['screenBackground']['color'];

const LAYOUTS: readonly Layout[] = ['Square', 'Vertical', 'Horizontal', 'Full screen'];

/** Web-safe families the widget can count on in any visitor's browser. */
const FONT_FAMILIES = ['Arial', 'Helvetica', 'Verdana', 'Tahoma', 'Trebuchet MS', 'Georgia', 'Times New Roman', 'Courier New'];

const px = (value: number) => `${value}px`;
const percent = (value: number) => `${value}%`;

/** spec §3 globalSetup.layout: Square, Vertical, Horizontal or Full screen. */
export function LayoutSection({ draft, errors, onChange }: DesignSectionProps) {
  const { t, i18n } = useLingui();
  const labels: Record<Layout, string> = { Square: t`Square`, Vertical: t`Vertical`, Horizontal: t`Horizontal`, 'Full screen': t`Full screen` };
  return (
    <FormSection title={t`Layout`}>
      <RadioChoice
        name="settings.globalSetup.layout"
        legend={t`Popup layout`}
        value={draft.settings.globalSetup.layout}
        options={LAYOUTS.map((layout) => ({ value: layout, label: labels[layout] }))}
        onChange={(layout) => onChange('settings.globalSetup.layout', layout)}
        error={errorAt(i18n, errors, 'settings.globalSetup.layout')}
      />
    </FormSection>
  );
}

/** spec §3 globalSetup.floatingIcon: size (50–200, steps of 5), colours and screen corner. */
export function FloatingIconDesignSection({ draft, errors, onChange }: DesignSectionProps) {
  const { t, i18n } = useLingui();
  const icon = draft.settings.globalSetup.floatingIcon;
  const base = 'settings.globalSetup.floatingIcon';
  const positions: Record<Position, string> = { left: t`Left`, right: t`Right` };
  return (
    <FormSection title={t`Floating icon design`}>
      <DraftField path={`${base}.size`}>
        <SliderField label={t`Icon size`} name={`${base}.size`} min={50} max={200} step={5} value={icon.size} format={px} onChange={(value) => onChange(`${base}.size`, value)} />
      </DraftField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <DraftColorField path={`${base}.bgColor`} label={t`Icon colour`} value={icon.bgColor} errors={errors} onChange={onChange} />
        <DraftColorField path={`${base}.phoneIconColor`} label={t`Phone icon colour`} value={icon.phoneIconColor} errors={errors} onChange={onChange} />
      </SimpleGrid>
      <RadioChoice
        name={`${base}.position`}
        legend={t`Position`}
        value={icon.position}
        options={(['left', 'right'] as const).map((position) => ({ value: position, label: positions[position] }))}
        onChange={(position) => onChange(`${base}.position`, position)}
        error={errorAt(i18n, errors, `${base}.position`)}
      />
    </FormSection>
  );
}

/** spec §3 globalSetup: background, text, button and the screen behind the popup (spec §9 sliders). */
export function GlobalDesignSection({ draft, errors, onChange }: DesignSectionProps) {
  const { t, i18n } = useLingui();
  const global = draft.settings.globalSetup;
  const base = 'settings.globalSetup';
  const screenColours: Record<ScreenColour, string> = { Light: t`Light`, Dark: t`Dark` };
  const fonts = FONT_FAMILIES.includes(global.textOptions.fontFamily) ? FONT_FAMILIES : [global.textOptions.fontFamily, ...FONT_FAMILIES];
  const fontError = errorAt(i18n, errors, `${base}.textOptions.fontFamily`);
  return (
    <FormSection title={t`Colours and text`}>
      <DraftColorField path={`${base}.background`} label={t`Background`} value={global.background} errors={errors} onChange={onChange} />
      <DraftField path={`${base}.textOptions.size`}>
        <SliderField label={t`Text size`} name={`${base}.textOptions.size`} min={14} max={28} value={global.textOptions.size} format={px} onChange={(value) => onChange(`${base}.textOptions.size`, value)} />
      </DraftField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <DraftColorField path={`${base}.textOptions.color`} label={t`Text colour`} value={global.textOptions.color} errors={errors} onChange={onChange} />
        <DraftField path={`${base}.textOptions.fontFamily`}>
          <Field.Root invalid={Boolean(fontError)}>
            <Field.Label>{t`Font family`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name={`${base}.textOptions.fontFamily`}
                value={global.textOptions.fontFamily}
                bg="white"
                onChange={(event) => onChange(`${base}.textOptions.fontFamily`, event.currentTarget.value)}
              >
                {fonts.map((font) => (
                  <option key={font} value={font}>
                    {font}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {fontError ? <Field.ErrorText>{fontError}</Field.ErrorText> : null}
          </Field.Root>
        </DraftField>
      </SimpleGrid>
      <DraftField path={`${base}.buttonOptions.size`}>
        <SliderField label={t`Button size`} name={`${base}.buttonOptions.size`} min={0} max={100} value={global.buttonOptions.size} onChange={(value) => onChange(`${base}.buttonOptions.size`, value)} />
      </DraftField>
      <DraftField path={`${base}.buttonOptions.fontSize`}>
        <SliderField
          label={t`Button font size`}
          name={`${base}.buttonOptions.fontSize`}
          min={12}
          max={45}
          value={global.buttonOptions.fontSize}
          format={px}
          onChange={(value) => onChange(`${base}.buttonOptions.fontSize`, value)}
        />
      </DraftField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <DraftColorField path={`${base}.buttonOptions.color`} label={t`Button colour`} value={global.buttonOptions.color} errors={errors} onChange={onChange} />
        <DraftColorField path={`${base}.buttonOptions.fontColor`} label={t`Button font colour`} value={global.buttonOptions.fontColor} errors={errors} onChange={onChange} />
      </SimpleGrid>
      <RadioChoice
        name={`${base}.screenBackground.color`}
        legend={t`Screen background`}
        value={global.screenBackground.color}
        options={(['Light', 'Dark'] as const).map((colour) => ({ value: colour, label: screenColours[colour] }))}
        onChange={(colour) => onChange(`${base}.screenBackground.color`, colour)}
        error={errorAt(i18n, errors, `${base}.screenBackground.color`)}
      />
      <DraftField path={`${base}.screenBackground.opacity`}>
        <SliderField
          label={t`Screen background opacity`}
          name={`${base}.screenBackground.opacity`}
          min={0}
          max={100}
          step={10}
          value={global.screenBackground.opacity}
          format={percent}
          onChange={(value) => onChange(`${base}.screenBackground.opacity`, value)}
        />
      </DraftField>
    </FormSection>
  );
}
