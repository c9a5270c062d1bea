import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { components } from '../../common/contract/dashboard.gen.ts';

/** Auto-recharge (spec §3): buy `packId` with the saved card when the balance falls below `criticalCredits`. */
export type AutoRechargeSetting = components['schemas']['AutoRecharge'];

/** The credits record (spec §3), as `GET /client/credits` answers it: with its forecast (issue 20). */
export type CreditsRecord = components['schemas']['CreditsWithForecast'];

export interface CreditsContext {
  /** Null before the first answer: the top bar then shows 0 (spec §2). */
  record: CreditsRecord | null;
  /** spec §4: the credit banner shows only when widgets exist. */
  hasWidgets: boolean;
  /** The last fetch failed: its notice was shown, the next failures stay quiet until a success. */
  failing: boolean;
}

export type CreditsEvent =
  /** Sent by the session glue when the auth actor holds a user. */
  | { type: 'auth.signedIn' }
  | { type: 'auth.signedOut' }
  /** The tab was hidden / shown again (document visibilitychange). */
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  /** Sent by the session glue when the startup actor's widget list changes. */
  | { type: 'widgets.changed'; hasWidgets: boolean }
  /** Fetch at once (e.g. after a payment). */
  | { type: 'credits.refresh' }
  /** spec §4: credits replaced wholesale. */
  | { type: 'credits.replaced'; record: CreditsRecord }
  /** spec §4: only auto-recharge replaced (null clears it, e.g. Cancel recurring charges). */
  | { type: 'credits.autoRechargeReplaced'; autoRecharge: AutoRechargeSetting | null }
  /** spec §4 Submit flow: add the pack's credits locally when a charge happened. */
  | { type: 'credits.added'; amount: number }
  | DoneActorEvent<CreditsRecord, 'creditsLoader'>
  | ErrorActorEvent<unknown, 'creditsLoader'>;
