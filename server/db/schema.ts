// The whole Drizzle schema in one object, for drizzle() and for typing queries. The tables live
// in ./schema/<area>.ts; drizzle-kit reads that folder (drizzle.config.ts).
import * as accounts from './schema/accounts.ts';
import * as analytics from './schema/analytics.ts';
import * as apiKeys from './schema/apiKeys.ts';
import * as billing from './schema/billing.ts';
import * as calls from './schema/calls.ts';
import * as ga4 from './schema/ga4.ts';
import * as localCardProcessor from './schema/localCardProcessor.ts';
import * as notifications from './schema/notifications.ts';
import * as reference from './schema/reference.ts';
import * as system from './schema/system.ts';
import * as toolbox from './schema/toolbox.ts';
import * as webhooks from './schema/webhooks.ts';
import * as widgetApi from './schema/widgetApi.ts';

export const schema = { ...accounts, ...analytics, ...apiKeys, ...billing, ...calls, ...ga4, ...localCardProcessor, ...notifications, ...reference, ...system, ...toolbox, ...webhooks, ...widgetApi };
