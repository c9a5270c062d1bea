import type { components } from '../../common/contract/dashboard.gen.ts';

/** The account's GA4 connection as the server answers it (contract: Ga4Settings; the API secret only by its last characters). */
export type Ga4Settings = components['schemas']['Ga4Settings'];
/** What a save sends (contract: Ga4SettingsInput); `apiSecret` left out keeps the stored one. */
export type Ga4SettingsInput = components['schemas']['Ga4SettingsInput'];
/** The last send GA4 did not take, with why (contract: Ga4Failure). */
export type Ga4Failure = components['schemas']['Ga4Failure'];
export type Ga4FailureReason = Ga4Failure['reason'];

/** Every reason a send fails for (`satisfies` refuses a name the contract does not know). */
export const ga4FailureReasons = ['unreachable', 'timeout', 'http_error'] as const satisfies readonly Ga4FailureReason[];

/** The contract's reasons the list above lacks: none (ga4Settings.machine.test.ts fails to compile otherwise). */
export type UnlistedFailureReasons = Exclude<Ga4FailureReason, (typeof ga4FailureReasons)[number]>;

/** The connection after a disconnect, as GET answers it when none is set. */
export const notConnected: Ga4Settings = {
  configured: false,
  measurementId: null,
  apiSecretHint: null,
  isActive: false,
  pendingEvents: 0,
  lastSentAt: null,
  lastFailure: null,
  updatedAt: null,
};
