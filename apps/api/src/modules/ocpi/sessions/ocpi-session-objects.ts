import {
  evseUidOf,
  minorToNumber,
  OCPI_CONNECTOR_ID,
  type OcpiCdr,
  type OcpiCdrLocation,
  type OcpiChargingPeriod,
  type OcpiPrice,
  type OcpiSession,
  type OcpiTariff,
  type PricedLineItem,
  type SessionPriceView,
} from '@wattdesk/shared';
import type { SessionFacts, SessionLink } from './roaming-sessions.repository.ts';

/*
 * OCPI Session and CDR objects from our rows (pure). Our tariffs carry no VAT rate (prices are what the driver
 * pays), so a Price has excl_vat only and incl_vat equal to it (decision 076).
 */

export type Party = { countryCode: string; partyId: string };

/** OCPI DateTime: UTC, whole seconds. */
export const ocpiDateTime = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/** Exact: minor units over 10^digits of the currency, never a float sum of decimals. */
export const priceOf = (minor: number, currency: string): OcpiPrice => {
  const value = minorToNumber(minor, currency);
  return { excl_vat: value, incl_vat: value };
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const kwhOf = (wh: number) => round(Math.max(0, wh) / 1000, 3);
const hoursOf = (seconds: number) => round(Math.max(0, seconds) / 3600, 4);

const cdrTokenOf = (link: SessionLink): OcpiSession['cdr_token'] => ({
  country_code: link.countryCode,
  party_id: link.partyId,
  uid: link.tokenUid,
  type: link.tokenType as OcpiSession['cdr_token']['type'],
  contract_id: link.contractId,
});

const authOf = (link: SessionLink) => ({
  auth_method: link.authMethod as OcpiSession['auth_method'],
  ...(link.authorizationReference ? { authorization_reference: link.authorizationReference } : {}),
});

/** Energy of a session so far: the stop's register, else the last reading, from the start's. */
export const energyWhOf = (facts: SessionFacts) => (facts.meterStopWh ?? facts.meterLastWh) - facts.meterStartWh;

/** The Session as a partner sees it: `totalMinor` is the stored price when completed, the live estimate while active. */
export const buildSession = (
  party: Party,
  facts: SessionFacts,
  link: SessionLink,
  cost: { currency: string; totalMinor: number } | null,
  lastUpdated: Date,
): OcpiSession => ({
  country_code: party.countryCode,
  party_id: party.partyId,
  id: facts.id,
  start_date_time: ocpiDateTime(facts.startedAt),
  ...(facts.stoppedAt ? { end_date_time: ocpiDateTime(facts.stoppedAt) } : {}),
  kwh: kwhOf(energyWhOf(facts)),
  cdr_token: cdrTokenOf(link),
  ...authOf(link),
  location_id: facts.locationId,
  evse_uid: evseUidOf(facts.chargerCode, facts.connectorId),
  connector_id: OCPI_CONNECTOR_ID,
  currency: cost?.currency ?? facts.currency,
  ...(cost ? { total_cost: priceOf(cost.totalMinor, cost.currency) } : {}),
  status: facts.status === 'completed' ? 'COMPLETED' : 'ACTIVE',
  last_updated: ocpiDateTime(lastUpdated),
});

/** Our connector types as OCPI ConnectorType, format and power type (a J1772 or Type 2 outlet is AC; the rest DC). */
const CONNECTORS: Record<string, Pick<OcpiCdrLocation, 'connector_standard' | 'connector_format' | 'connector_power_type'>> = {
  J1772: { connector_standard: 'IEC_62196_T1', connector_format: 'CABLE', connector_power_type: 'AC_1_PHASE' },
  'Type 2': { connector_standard: 'IEC_62196_T2', connector_format: 'SOCKET', connector_power_type: 'AC_3_PHASE' },
  NACS: { connector_standard: 'TESLA_S', connector_format: 'CABLE', connector_power_type: 'DC' },
  CCS1: { connector_standard: 'IEC_62196_T1_COMBO', connector_format: 'CABLE', connector_power_type: 'DC' },
  CCS2: { connector_standard: 'IEC_62196_T2_COMBO', connector_format: 'CABLE', connector_power_type: 'DC' },
  CHAdeMO: { connector_standard: 'CHADEMO', connector_format: 'CABLE', connector_power_type: 'DC' },
};

/** eMI3 EVSE ID: <country>*<party>*E<outlet>, letters and digits only in the outlet part. */
const evseIdOf = (party: Party, facts: SessionFacts) =>
  `${party.countryCode}*${party.partyId}*E${facts.chargerCode.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}${facts.connectorId}`.slice(0, 48);

const coordinate = (value: number) => value.toFixed(6);

export const cdrLocationOf = (party: Party, facts: SessionFacts): OcpiCdrLocation => ({
  id: facts.locationId,
  name: facts.locationName.slice(0, 255),
  address: facts.address.slice(0, 45),
  city: facts.city.slice(0, 45),
  ...(facts.postalCode ? { postal_code: facts.postalCode.slice(0, 10) } : {}),
  ...(facts.state ? { state: facts.state.slice(0, 20) } : {}),
  country: facts.country,
  coordinates: { latitude: coordinate(facts.lat), longitude: coordinate(facts.lng) },
  evse_uid: evseUidOf(facts.chargerCode, facts.connectorId),
  evse_id: evseIdOf(party, facts),
  connector_id: OCPI_CONNECTOR_ID,
  ...(CONNECTORS[facts.connectorTypes[facts.connectorId - 1] ?? ''] ?? CONNECTORS.J1772!),
});

/** Sums of the items that count (a waived one stays on the bill, not in the total) of the given kinds. */
const sumOf = (items: readonly PricedLineItem[], kinds: readonly PricedLineItem['kind'][]) =>
  items.filter((item) => !item.waived && kinds.includes(item.kind)).reduce((total, item) => total + item.amount, 0);

/**
 * The CDR of a completed, priced session. Costs are the stored line items by kind: energy, time (charging hours),
 * parking (idle fee), fixed (session fee and violation fees, which the tariff publishes as FLAT); total_cost is the
 * stored total, the very figure of our sessions API, reports and ledger.
 */
export const buildCdr = (
  party: Party,
  facts: SessionFacts & { stoppedAt: Date },
  link: SessionLink,
  price: SessionPriceView,
  tariff: OcpiTariff | undefined,
  issuedAt: Date,
): OcpiCdr => {
  const money = (minor: number) => priceOf(minor, price.currency);
  const period: OcpiChargingPeriod = {
    start_date_time: ocpiDateTime(facts.startedAt),
    dimensions: [
      { type: 'ENERGY', volume: kwhOf(price.energyWh) },
      { type: 'TIME', volume: hoursOf(price.chargingSeconds) },
      ...(price.idleSeconds > 0 ? [{ type: 'PARKING_TIME' as const, volume: hoursOf(price.idleSeconds) }] : []),
    ],
    ...(price.tariffVersionId ? { tariff_id: price.tariffVersionId } : {}),
  };
  return {
    country_code: party.countryCode,
    party_id: party.partyId,
    id: facts.id,
    start_date_time: ocpiDateTime(facts.startedAt),
    end_date_time: ocpiDateTime(facts.stoppedAt),
    session_id: facts.id,
    cdr_token: cdrTokenOf(link),
    ...authOf(link),
    cdr_location: cdrLocationOf(party, facts),
    currency: price.currency,
    ...(tariff ? { tariffs: [tariff] } : {}),
    charging_periods: [period],
    total_cost: money(price.total),
    total_fixed_cost: money(sumOf(price.items, ['session-fee', 'violation'])),
    total_energy: kwhOf(price.energyWh),
    total_energy_cost: money(sumOf(price.items, ['energy'])),
    total_time: hoursOf((facts.stoppedAt.getTime() - facts.startedAt.getTime()) / 1000),
    total_time_cost: money(sumOf(price.items, ['time'])),
    total_parking_time: hoursOf(price.idleSeconds),
    total_parking_cost: money(sumOf(price.items, ['idle'])),
    last_updated: ocpiDateTime(issuedAt),
  };
};
