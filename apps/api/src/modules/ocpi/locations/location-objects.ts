import {
  OCPI_CONNECTOR_ID,
  evseUidOf,
  type OcpiConnector,
  type OcpiConnectorType,
  type OcpiEvse,
  type OcpiEvseStatus,
  type OcpiLocation,
  type OcpiPowerType,
} from '@wattdesk/shared';
import type { EvseRow, LocationRow } from './locations.repository.ts';

export type OcpiParty = { countryCode: string; partyId: string };

/** OCPI DateTime: UTC to the second. */
export const ocpiDateTime = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/** GeoLocation wants 5 to 7 decimals: 7 is about a centimetre, and trailing zeros keep the minimum. */
const degrees = (value: number) => value.toFixed(7);

type Physical = { standard: OcpiConnectorType; format: OcpiConnector['format']; dc: boolean };

/**
 * Our connector types (CONNECTOR_TYPES) as OCPI 2.2.1 ConnectorType. NACS is the Tesla inlet of the Model S
 * (TESLA_S; 2.2.1 predates the SAE J3400 name). North American plugs are tethered cables; Type 2 is a socket.
 */
const PHYSICAL: Record<string, Physical> = {
  J1772: { standard: 'IEC_62196_T1', format: 'CABLE', dc: false },
  NACS: { standard: 'TESLA_S', format: 'CABLE', dc: false },
  CCS1: { standard: 'IEC_62196_T1_COMBO', format: 'CABLE', dc: true },
  CCS2: { standard: 'IEC_62196_T2_COMBO', format: 'CABLE', dc: true },
  CHAdeMO: { standard: 'CHADEMO', format: 'CABLE', dc: true },
  'Type 2': { standard: 'IEC_62196_T2', format: 'SOCKET', dc: false },
};

/** Above this an AC connector of ours cannot be (J1772/NACS level 2 tops out at 80 A × 240 V): a NACS this strong is DC. */
const AC_MAX_KW = 19.2;

/**
 * Voltage and amperage from the power we know: split-phase 240 V for North American AC (presented as
 * AC_1_PHASE, one line pair), 230 V line-to-neutral for three-phase Type 2, 500 V for DC (a CHAdeMO and common CCS
 * ceiling). The amperage is what that power needs, rounded up, so voltage × amperage never understates it.
 */
const electrical = (physical: Physical, kind: string, powerKw: number): { power_type: OcpiPowerType; max_voltage: number; max_amperage: number } => {
  const watts = powerKw * 1000;
  if (physical.dc || (kind === 'NACS' && powerKw > AC_MAX_KW))
    return { power_type: 'DC', max_voltage: 500, max_amperage: Math.max(1, Math.ceil(watts / 500)) };
  if (physical.standard === 'IEC_62196_T2') return { power_type: 'AC_3_PHASE', max_voltage: 230, max_amperage: Math.max(1, Math.ceil(watts / 690)) };
  return { power_type: 'AC_1_PHASE', max_voltage: 240, max_amperage: Math.max(1, Math.ceil(watts / 240)) };
};

/**
 * eMI3 EVSE ID: {country}*{operator}*E{power outlet}, the outlet being the charger's id (letters and digits, any
 * other character as the '*' separator eMI3 allows) and the connector number. Left out when the result would not
 * be a valid outlet id (31 characters at most): evse_id is optional, uid is what partners address.
 */
export const evseIdOf = (party: OcpiParty, chargerId: string, connectorId: number): string | undefined => {
  const outlet = `${chargerId
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '*')
    .replace(/^\*|\*$/g, '')}*${connectorId}`;
  return /^[A-Z0-9][A-Z0-9*]{0,30}$/.test(outlet) ? `${party.countryCode}*${party.partyId}*E${outlet}` : undefined;
};

/** An EVSE's one connector; undefined for a type we cannot name in OCPI (its EVSE is then not offered). */
export const connectorOf = (row: EvseRow, tariffId: string | null): OcpiConnector | undefined => {
  const physical = PHYSICAL[row.connectorType];
  if (!physical) return undefined;
  return {
    id: OCPI_CONNECTOR_ID,
    standard: physical.standard,
    format: physical.format,
    ...electrical(physical, row.connectorType, row.maxPowerKw),
    max_electric_power: Math.round(row.maxPowerKw * 1000),
    ...(tariffId ? { tariff_ids: [tariffId] } : {}),
    last_updated: ocpiDateTime(row.lastUpdated),
  };
};

/** `removed`: the location is no longer published, and the spec deletes an EVSE by status REMOVED. */
export const evseOf = (party: OcpiParty, row: EvseRow, tariffId: string | null, removed = false): OcpiEvse | undefined => {
  const connector = connectorOf(row, tariffId);
  if (!connector) return undefined;
  const evseId = evseIdOf(party, row.chargerId, row.connectorId);
  return {
    uid: evseUidOf(row.chargerId, row.connectorId),
    ...(evseId ? { evse_id: evseId } : {}),
    status: removed ? 'REMOVED' : (row.status as OcpiEvseStatus),
    capabilities: ['REMOTE_START_STOP_CAPABLE', 'RFID_READER'],
    connectors: [connector],
    physical_reference: String(row.connectorId),
    last_updated: ocpiDateTime(row.lastUpdated),
  };
};

const nonEmpty = (value: string) => (value.trim() ? value.trim() : undefined);

/** The Location object of a location and its EVSEs (`evses`: its rows from evsesOf, any order). */
export const locationOf = (party: OcpiParty & { businessName: string }, location: LocationRow, rows: readonly EvseRow[]): OcpiLocation => {
  const removed = !location.publish;
  // The Location's last_updated is the tree's latest (a charger's own clock may run ahead of ours).
  const evses = rows.map((row) => (row.lastUpdated > location.lastUpdated ? { ...row, lastUpdated: location.lastUpdated } : row));
  const address = [location.addressLine1, location.addressLine2].filter((part) => part.trim()).join(', ');
  const postalCode = nonEmpty(location.zipCode);
  const state = nonEmpty(location.state);
  return {
    country_code: party.countryCode,
    party_id: party.partyId,
    id: location.id,
    publish: location.publish,
    name: location.name.slice(0, 255),
    address: address.slice(0, 45),
    city: location.city.slice(0, 45),
    ...(postalCode ? { postal_code: postalCode.slice(0, 10) } : {}),
    ...(state ? { state: state.slice(0, 20) } : {}),
    country: location.countryCode,
    coordinates: { latitude: degrees(location.lat), longitude: degrees(location.lng) },
    evses: evses.flatMap((row) => evseOf(party, row, location.tariffId, removed) ?? []),
    operator: { name: party.businessName.slice(0, 100) },
    time_zone: location.timeZone,
    // We keep no opening hours: a charger answers whenever it is online, and its status says when it is not.
    opening_times: { twentyfourseven: true },
    last_updated: ocpiDateTime(location.lastUpdated),
  };
};
