import type { z } from 'zod';
import type { activityLogListQuerySchema } from '@wattdesk/shared/schemas/activity-logs';
import type { adminListQuerySchema } from '@wattdesk/shared/schemas/admins';
import type { agreementListQuerySchema } from '@wattdesk/shared/schemas/agreements';
import type { chargerLogQuerySchema } from '@wattdesk/shared/schemas/charger-log';
import type { chargerListQuerySchema } from '@wattdesk/shared/schemas/chargers';
import type { deviceModelQuerySchema } from '@wattdesk/shared/schemas/device-model';
import type { chargerEventsQuerySchema, sessionListQuerySchema } from '@wattdesk/shared/schemas/charging';
import type { dashboardRangeSchema } from '@wattdesk/shared/schemas/dashboard';
import type { DriverListParams } from '@wattdesk/shared/schemas/drivers';
import type { locationListQuerySchema } from '@wattdesk/shared/schemas/locations';
import type { roamingPushQuerySchema } from '@wattdesk/shared/schemas/roaming';
import type { systemLogListQuerySchema } from '@wattdesk/shared/schemas/system-logs';

/** What a list call sends: the API's own query schema, as a client writes it. */
export type LocationListParams = z.input<typeof locationListQuerySchema>;
export type ChargerListParams = z.input<typeof chargerListQuerySchema>;
export type DeviceModelParams = z.input<typeof deviceModelQuerySchema>;
export type ChargerEventsParams = z.input<typeof chargerEventsQuerySchema>;
export type SessionListParams = z.input<typeof sessionListQuerySchema>;
export type ChargerLogParams = z.input<typeof chargerLogQuerySchema>;
export type ActivityLogParams = z.input<typeof activityLogListQuerySchema>;
export type SystemLogParams = z.input<typeof systemLogListQuerySchema>;
export type AdminListParams = z.input<typeof adminListQuerySchema>;
export type AgreementListParams = z.input<typeof agreementListQuerySchema>;
export type DashboardRangeParams = z.input<typeof dashboardRangeSchema>;
export type RoamingPushParams = z.input<typeof roamingPushQuerySchema>;

/**
 * Every query key of the app, in one place: a screen, a mutation and the live feed name the same data the
 * same way. Keys are hierarchical, so invalidating a prefix (`queryKeys.chargers.all`) reaches everything
 * under it. List keys end with their parameters, which carry the location (`params.locationId`) the live
 * feed filters on; a charger's own keys carry its id third.
 */
export const queryKeys = {
  appConfig: ['app-config'] as const,
  locations: {
    all: ['locations'] as const,
    lists: ['locations', 'list'] as const,
    list: (params: LocationListParams) => ['locations', 'list', params] as const,
    states: ['locations', 'state'] as const,
    state: (locationId: string) => ['locations', 'state', locationId] as const,
  },
  /** Every location in reach as a pin with its chargers by status: one key, no parameters. */
  networkMap: ['network-map'] as const,
  chargers: {
    all: ['chargers'] as const,
    lists: ['chargers', 'list'] as const,
    list: (params: ChargerListParams) => ['chargers', 'list', params] as const,
    details: ['chargers', 'detail'] as const,
    detail: (id: string) => ['chargers', 'detail', id] as const,
    events: ['chargers', 'events'] as const,
    eventsOf: (id: string, params?: ChargerEventsParams) =>
      params ? (['chargers', 'events', id, params] as const) : (['chargers', 'events', id] as const),
    deviceModel: (id: string, params?: DeviceModelParams) =>
      params ? (['chargers', 'device-model', id, params] as const) : (['chargers', 'device-model', id] as const),
    /** A mutation key: every command sent to one charger, so its dialog can show the latest answer. */
    commands: (id: string) => ['chargers', 'command', id] as const,
  },
  sessions: {
    all: ['sessions'] as const,
    list: (params: SessionListParams) => ['sessions', 'list', params] as const,
    detail: (id: string) => ['sessions', 'detail', id] as const,
  },
  chargerLog: {
    all: ['charger-log'] as const,
    list: (params: ChargerLogParams) => ['charger-log', 'list', params] as const,
  },
  maintenance: {
    all: ['maintenance'] as const,
    overview: (locationId: string) => ['maintenance', locationId] as const,
  },
  activityLog: {
    all: ['activity-log'] as const,
    list: (params: ActivityLogParams) => ['activity-log', 'list', params] as const,
  },
  systemLog: {
    all: ['system-log'] as const,
    list: (params: SystemLogParams) => ['system-log', 'list', params] as const,
  },
  admins: {
    all: ['admins'] as const,
    list: (params: AdminListParams) => ['admins', 'list', params] as const,
  },
  /** OCPI partners; a partner's pushes sit under the list, so an action on a partner refreshes them too. */
  roaming: {
    all: ['roaming'] as const,
    partners: ['roaming', 'partners'] as const,
    pushes: (partnerId: string, params: RoamingPushParams) => ['roaming', 'partners', partnerId, 'pushes', params] as const,
  },
  agreements: {
    all: ['agreements'] as const,
    list: (params: AgreementListParams) => ['agreements', 'list', params] as const,
  },
  drivers: {
    all: ['drivers'] as const,
    list: (params: DriverListParams) => ['drivers', 'list', params] as const,
    detail: (id: string) => ['drivers', 'detail', id] as const,
    sessions: (id: string, params: { page: number; pageSize: number }) => ['drivers', 'sessions', id, params] as const,
    accessSettings: (locationId: string) => ['drivers', 'access-settings', locationId] as const,
    documents: (id: string) => ['drivers', 'documents', id] as const,
    documentThumbnail: (id: string, documentId: string) => ['drivers', 'documents', id, documentId, 'thumbnail'] as const,
  },
  /** Cards on file and session payments (issue 43): a card change refetches everything under `all`. */
  driverPayments: {
    all: ['driver-payments'] as const,
    method: (driverId: string) => ['driver-payments', 'method', driverId] as const,
    history: (driverId: string, params: { page: number; pageSize: number }) => ['driver-payments', 'history', driverId, params] as const,
    session: (sessionId: string) => ['driver-payments', 'session', sessionId] as const,
    unpaid: (locationId: string, params: { page: number; pageSize: number }) => ['driver-payments', 'unpaid', locationId, params] as const,
    rule: (locationId: string) => ['driver-payments', 'rule', locationId] as const,
  },
  firmwareImages: ['firmware', 'images'] as const,
  firmwareCampaigns: {
    all: ['firmware', 'campaigns'] as const,
    list: (locationId: string) => ['firmware', 'campaigns', 'list', locationId] as const,
    detail: (id: string) => ['firmware', 'campaigns', 'detail', id] as const,
  },
  /** Manufacturing data of one charger: end-of-line test history and its photo. */
  manufacturing: {
    all: ['manufacturing'] as const,
    testHistory: (chargerId: string) => ['manufacturing', 'testing-data', chargerId] as const,
    photo: (chargerId: string) => ['manufacturing', 'photo', chargerId] as const,
    photoFile: (chargerId: string, uploadedAt: string) => ['manufacturing', 'photo', chargerId, uploadedAt] as const,
  },
  inspections: {
    all: ['inspections'] as const,
    templates: (locationId: string) => ['inspections', 'templates', locationId] as const,
    /** Under templates(locationId), so a change there reads every filter of the location again. */
    templateList: (locationId: string, status: string) => ['inspections', 'templates', locationId, status] as const,
    records: (locationId: string) => ['inspections', 'records', locationId] as const,
    photo: (locationId: string, photoId: string) => ['inspections', 'photo', locationId, photoId] as const,
  },
  schedule: {
    all: ['charger-schedule'] as const,
    week: (params: { locationId: string; from: string; days: number }) => ['charger-schedule', 'week', params] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: (params: object) => ['notifications', 'list', params] as const,
    preferences: ['notifications', 'preferences'] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    overview: (params: DashboardRangeParams) => ['dashboard', 'overview', params] as const,
    resellerRevenue: (params: DashboardRangeParams) => ['dashboard', 'reseller-revenue', params] as const,
  },
  /** Dynamic power of a location: the location comes second, as in maintenance, so the live feed finds it. */
  dpo: {
    all: ['dpo'] as const,
    overview: (locationId: string) => ['dpo', locationId, 'overview'] as const,
    mesh: (locationId: string) => ['dpo', locationId, 'mesh'] as const,
  },
  utility: {
    all: ['utility'] as const,
    configs: (locationId: string) => ['utility', 'configs', locationId] as const,
    meters: (locationId: string) => ['utility', 'meters', locationId] as const,
    bills: (utilityConfigId: string, year: number) => ['utility', 'bills', utilityConfigId, year] as const,
    energy: (utilityConfigId: string, from: string, to: string) => ['utility', 'energy', utilityConfigId, from, to] as const,
  },
  /** A location's prices and violation rules; violations are under it, so a save of rules reaches their list. */
  tariffs: {
    all: ['tariffs'] as const,
    overview: (locationId: string) => ['tariffs', 'overview', locationId] as const,
    violations: ['tariffs', 'violations'] as const,
    violationList: (params: Record<string, unknown>) => ['tariffs', 'violations', params] as const,
  },
  /** The signed-in person's own account and sign-ins. */
  account: {
    all: ['account'] as const,
    me: ['account', 'me'] as const,
    sessions: ['account', 'sessions'] as const,
  },
  /** The company behind a location (Account Setting). */
  company: {
    all: ['company'] as const,
    detail: (locationId: string) => ['company', locationId] as const,
  },
  terms: (tokenId: string) => ['terms-and-conditions', tokenId] as const,
  paymentAccount: (locationId: string) => ['payment-account', locationId] as const,
  resellerPayouts: ['reseller-payouts'] as const,
  bankAccount: (locationId: string) => ['bank-account', locationId] as const,
  plaidSandboxInstitutions: ['plaid-sandbox', 'institutions'] as const,
  billing: {
    all: ['billing'] as const,
    subscription: (locationId: string) => ['billing', 'subscription', locationId] as const,
    paymentDetails: (locationId: string) => ['billing', 'payment-details', locationId] as const,
    planIncludes: (locationId: string) => ['billing', 'plan-includes', locationId] as const,
    licenses: (locationId: string) => ['billing', 'licenses', locationId] as const,
  },
  payouts: {
    all: ['payouts'] as const,
    balance: (locationId: string) => ['payouts', 'balance', locationId] as const,
    transfers: (params: { locationId: string; page: number; pageSize: number }) => ['payouts', 'transfers', params] as const,
    revenueShare: (locationId: string) => ['payouts', 'revenue-share', locationId] as const,
    deals: (locationId: string) => ['payouts', 'deals', locationId] as const,
  },
};

/** Whether `key` lies under `prefix` (the same test TanStack Query applies when invalidating by a key). */
export const isUnder = (key: readonly unknown[], prefix: readonly unknown[]): boolean =>
  prefix.length <= key.length && prefix.every((part, index) => key[index] === part);
