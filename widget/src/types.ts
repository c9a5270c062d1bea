import type { components } from '../../common/contract/dashboard.gen.ts';
import type { WidgetKind } from '../../common/rules/widgetKinds.ts';
import type { WidgetStrings } from './strings.ts';

/** The contract's widget design and behaviour (openapi/dashboard.yaml WidgetConfiguration). */
export type WidgetConfiguration = components['schemas']['WidgetConfiguration'];
export type GlobalSetup = components['schemas']['GlobalSetup'];
export type CallSetup = components['schemas']['CallSetup'];
export type ScheduleSetup = components['schemas']['ScheduleSetup'];
export type WorkingHours = components['schemas']['WorkingHours'];
export type WidgetLayout = GlobalSetup['layout'];

/** What the renderer needs to draw one widget: its type and its settings as the contract shapes them. */
export interface WidgetRenderConfig {
  kind: WidgetKind;
  settings: WidgetConfiguration;
}

/** The faces of a widget: the Call now popup, the Schedule popup and the floating icon. */
export type WidgetView = 'callNow' | 'schedule' | 'floatingIcon';

export interface WidgetRenderState {
  widget: WidgetRenderConfig;
  view: WidgetView;
  /**
   * The wizard's live preview: nothing is submitted and the close button does nothing; the
   * schedule link and the floating icon still switch views (reported through onViewChange), and
   * the schedule link shows whenever the schedule form can be offered at some time.
   */
  preview?: boolean;
  /** A result to show under the form (the embed script's answer to a Call now or Schedule request). */
  notice?: WidgetNotice;
  /** Visitor-facing built-in texts; English (strings.ts) when omitted. */
  strings?: WidgetStrings;
  /** BCP 47 locale for day and time names of the schedule form; the browser's when omitted. */
  locale?: string;
  /** The current time (tests and the preview pin it); `new Date()` when omitted. */
  now?: Date;
}

/** A message under the popup's form: an error (e.g. a wrong number) or a confirmation. */
export interface WidgetNotice {
  tone: 'error' | 'success';
  text: string;
}

/** A Call now request as the visitor filled it in. */
export interface CallNowRequest {
  phone: string;
}

/** A Schedule request: the chosen day (YYYY-MM-DD) and time (HH:mm) in the visitor's clock. */
export interface ScheduleRequest {
  phone: string;
  day: string;
  time: string;
  customFields: { customField1?: string; customField2?: string; customField3?: string };
}

/** What the widget tells its host; none of these is called for submits or closing in preview mode. */
export interface WidgetCallbacks {
  /** The widget switched views by itself (schedule link, floating icon click, close to the icon). */
  onViewChange?: (view: WidgetView) => void;
  /** The visitor closed a popup (for a floating icon widget, the widget goes back to the icon). */
  onClose?: () => void;
  onCallNow?: (request: CallNowRequest) => void;
  onSchedule?: (request: ScheduleRequest) => void;
  /** The rendered size may have changed (an image finished loading); see WidgetHandle.naturalSize. */
  onLayout?: () => void;
}

export interface WidgetHandle {
  /** Re-renders with new state, keeping what the visitor typed. */
  update(state: WidgetRenderState): void;
  /** Removes everything the widget rendered. */
  destroy(): void;
  /**
   * The viewport size the current view needs to show whole (popup plus its margins, the full
   * screen content plus padding and margin, or the icon plus its offset); 0 where there is no layout.
   */
  naturalSize(): { width: number; height: number };
}
