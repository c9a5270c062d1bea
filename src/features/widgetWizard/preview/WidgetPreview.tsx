/**
 * The widget wizard's live preview (spec §2 Widget wizard: the Design step "with live
 * previews"; issue 5): the real widget, drawn by the same code as the embed script
 * (widget/src/render.ts), inside a same-origin iframe so neither the dashboard's styles nor the
 * widget's leak into the other.
 *
 *   <WidgetViewTabs views={widgetPreviewViews(typeName)} value={view} onChange={setView} />
 *   <WidgetPreview typeName={typeName} settings={draft.settings} view={view} onViewChange={setView} />
 *
 * Props of WidgetPreview:
 * - `typeName`: the widget type's metadata name ("Exit popup", "Timed popup", "Floating icon");
 *   null or any other value (the "All Widgets" choice) previews a popup.
 * - `settings`: the draft's WidgetConfiguration; every change re-renders the widget in place
 *   (no remount), keeping what was typed into it.
 * - `view`: 'callNow' | 'schedule' | 'floatingIcon'.
 * - `onViewChange`: called when the preview switches view itself ("Schedule a call instead"
 *   opens the schedule view, a click on the floating icon opens Call now). Without it the
 *   preview still switches until `view` changes.
 * Nothing in the preview submits: its buttons and close button are inert.
 *
 * The popup is 500px wide (spec §9): the frame is at least 540px wide and scales down to fit a
 * narrower column; a full-screen layout fills the frame. The frame's height follows the widget.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { WidgetConfiguration, WidgetPreviewView } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import { widgetKindOf } from '../../../../common/rules/widgetKinds.ts';
import { mountWidget } from '../../../../widget/src/render.ts';
import type { WidgetHandle, WidgetRenderState } from '../../../../widget/src/types.ts';
import { translatedWidgetStrings } from './widgetStrings.ts';

export interface WidgetPreviewProps {
  typeName: string | null | undefined;
  settings: WidgetConfiguration;
  view: WidgetPreviewView;
  onViewChange?: (view: WidgetPreviewView) => void;
}

/** A centred 500px popup and its 20px gutters (widget/src/layout.ts). */
const MIN_FRAME_WIDTH = 540;
/** Heights below which the frame stops shrinking, so the overlay and the icon's corner show. */
const MIN_FRAME_HEIGHT = { popup: 320, fullScreen: 480, floatingIcon: 240 };

/** The page the widget is drawn on: a neutral backdrop for the overlay. */
const PAGE_CSS = 'html,body{margin:0;height:100%;background:#eef1f5}';

export function WidgetPreview({ typeName, settings, view, onViewChange }: WidgetPreviewProps) {
  const { t, i18n } = useLingui();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const mounted = useRef<{ doc: Document; handle: WidgetHandle } | null>(null);
  const [available, setAvailable] = useState(0);
  const [natural, setNatural] = useState({ width: 0, height: 0 });

  // i18n stays the same object when the language changes; the locale tells the memo to re-run.
  const locale = i18n.locale;
  const state = useMemo<WidgetRenderState>(
    () => ({ widget: { kind: widgetKindOf(typeName), settings }, view, preview: true, strings: translatedWidgetStrings(i18n), locale }),
    [typeName, settings, view, i18n, locale],
  );
  // The widget's callbacks outlive renders; they read the latest props through this ref.
  const latest = useRef({ state, onViewChange });
  useLayoutEffect(() => {
    latest.current = { state, onViewChange };
  });

  const measure = useCallback(() => {
    const size = mounted.current?.handle.naturalSize();
    if (size) setNatural((previous) => (previous.width === size.width && previous.height === size.height ? previous : size));
  }, []);

  /** Draws the widget into the frame's document, once per document (a browser may replace it on load). */
  const mount = useCallback(() => {
    const doc = frameRef.current?.contentDocument;
    if (!doc?.body || mounted.current?.doc === doc) return;
    mounted.current?.handle.destroy();
    const page = doc.createElement('style');
    page.textContent = PAGE_CSS;
    doc.head.replaceChildren(page);
    doc.documentElement.setAttribute('lang', latest.current.state.locale ?? 'en');
    const host = doc.createElement('div');
    doc.body.replaceChildren(host);
    const handle = mountWidget(host, latest.current.state, {
      onViewChange: (next) => {
        latest.current.onViewChange?.(next);
        measure();
      },
      onLayout: measure,
    });
    mounted.current = { doc, handle };
    measure();
  }, [measure]);

  useLayoutEffect(() => {
    mount();
    return () => {
      mounted.current?.handle.destroy();
      mounted.current = null;
    };
  }, [mount]);

  useLayoutEffect(() => {
    mounted.current?.doc.documentElement.setAttribute('lang', locale);
    mounted.current?.handle.update(state);
    measure();
  }, [state, measure, locale]);

  useLayoutEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    setAvailable(wrapper.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setAvailable(wrapper.clientWidth));
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, []);

  const fullScreen = view !== 'floatingIcon' && settings.globalSetup.layout === 'Full screen';
  const frameWidth = Math.max(available, MIN_FRAME_WIDTH, natural.width);
  const scale = available > 0 ? Math.min(1, available / frameWidth) : 1;
  const minHeight = view === 'floatingIcon' ? MIN_FRAME_HEIGHT.floatingIcon : fullScreen ? MIN_FRAME_HEIGHT.fullScreen : MIN_FRAME_HEIGHT.popup;
  // A full-screen layout is drawn on a screen-like frame (5:3) so it reads as full screen.
  const frameHeight = Math.max(natural.height, minHeight, fullScreen ? Math.round(frameWidth * 0.6) : 0);

  // Text wraps differently at another frame width: measure again once the frame has it.
  useLayoutEffect(measure, [frameWidth, measure]);

  return (
    <Box ref={wrapperRef} width="100%" height={`${Math.ceil(frameHeight * scale)}px`} overflow="hidden" borderWidth="1px" borderRadius="md" bg="gray.100">
      <iframe
        ref={frameRef}
        title={t`Widget preview`}
        onLoad={mount}
        style={{ display: 'block', border: 0, width: `${frameWidth}px`, height: `${frameHeight}px`, transform: `scale(${scale})`, transformOrigin: '0 0' }}
      />
    </Box>
  );
}

const viewLabels: Record<WidgetPreviewView, MessageDescriptor> = {
  callNow: msg`Call now`,
  schedule: msg`Schedule`,
  floatingIcon: msg`Floating icon`,
};

/** The views worth previewing for a widget type: the floating icon only for a Floating icon widget. */
export function widgetPreviewViews(typeName: string | null | undefined): WidgetPreviewView[] {
  return widgetKindOf(typeName) === 'floatingIcon' ? ['callNow', 'schedule', 'floatingIcon'] : ['callNow', 'schedule'];
}

/** Buttons choosing the preview's view (Call now, Schedule, Floating icon); the chosen one is pressed. */
export function WidgetViewTabs({
  value,
  onChange,
  views = ['callNow', 'schedule', 'floatingIcon'],
}: {
  value: WidgetPreviewView;
  onChange: (view: WidgetPreviewView) => void;
  views?: readonly WidgetPreviewView[];
}) {
  const { t, i18n } = useLingui();
  return (
    <Box role="group" aria-label={t`Preview`} display="flex" flexWrap="wrap" gap="2">
      {views.map((view) => (
        <Button key={view} size="sm" variant={view === value ? 'solid' : 'outline'} colorPalette="blue" aria-pressed={view === value} onClick={() => onChange(view)}>
          {i18n._(viewLabels[view])}
        </Button>
      ))}
    </Box>
  );
}
