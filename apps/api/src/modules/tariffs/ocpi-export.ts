import {
  daysOf,
  formatMinor,
  minorDigits,
  MICROS_PER_UNIT,
  windowLabel,
  type HourWindow,
  type OcpiTariff,
  type OcpiTariffsResponse,
  type RatePeriod,
} from '@wattdesk/shared';
import type { VersionRow } from './tariffs.repository.ts';

/** Our OCPI party: the country code and party id roaming partners know this network by. */
export const OCPI_PARTY = { countryCode: 'US', partyId: 'WDK' } as const;

type Element = OcpiTariff['elements'][number];
type Restrictions = NonNullable<Element['restrictions']>;

const OCPI_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;

/** OCPI DateTime: UTC, no fractions. */
const dateTime = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;
const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const major = (minor: number, currency: string) => minor / 10 ** minorDigits(currency);
const perUnit = (micros: number) => micros / MICROS_PER_UNIT;

/** start_time > end_time wraps past midnight, as OCPI's TariffRestrictions allow; a whole day has neither. */
const hoursRestriction = (window: HourWindow): Restrictions =>
  window.startHour === window.endHour ? {} : { start_time: hhmm(window.startHour), end_time: hhmm(window.endHour) };

const periodElement = (period: RatePeriod): Element => ({
  price_components: [
    { type: 'ENERGY', price: perUnit(period.energyPriceMicros), step_size: 1 },
    ...(period.timePriceMicros ? [{ type: 'TIME' as const, price: perUnit(period.timePriceMicros), step_size: 1 }] : []),
  ],
  restrictions: { day_of_week: daysOf(period.days).map((day) => OCPI_DAYS[day]!), ...hoursRestriction(period) },
});

/** Idle fee as PARKING_TIME (per hour), limited to the hours outside the free window. */
const idleElements = (version: VersionRow): Element[] => {
  const idle = version.idleFee;
  if (!idle.enabled || idle.pricePerMinute <= 0) return [];
  const perHour = major(idle.pricePerMinute * 60, version.currency);
  const charged = idle.freeHours ? { startHour: idle.freeHours.endHour, endHour: idle.freeHours.startHour } : null;
  return [
    { price_components: [{ type: 'PARKING_TIME', price: perHour, step_size: 1 }], ...(charged ? { restrictions: hoursRestriction(charged) } : {}) },
  ];
};

/**
 * FLAT is charged once: OCPI uses the first element whose restrictions match, so the overstay (session fee +
 * overstay fee, from the maximum stay on) comes before the plain session fee.
 */
const flatElements = (version: VersionRow): Element[] => {
  const elements: Element[] = [];
  const overstay = version.violationRules.maxStay;
  if (overstay)
    elements.push({
      price_components: [{ type: 'FLAT', price: major(version.sessionFee + overstay.fee, version.currency), step_size: 1 }],
      restrictions: { min_duration: overstay.minutes * 60 },
    });
  if (version.sessionFee > 0 || overstay)
    elements.push({ price_components: [{ type: 'FLAT', price: major(version.sessionFee, version.currency), step_size: 1 }] });
  return elements;
};

/** What OCPI cannot express (grace, cap, idle-limit violation), told in words. */
const altText = (version: VersionRow): string => {
  const money = (minor: number) => formatMinor(minor, version.currency);
  const { idleFee, violationRules } = version;
  return [
    idleFee.enabled
      ? `Idle fee ${money(idleFee.pricePerMinute)}/min after ${idleFee.graceMinutes} min${idleFee.dailyCap !== null ? `, at most ${money(idleFee.dailyCap)} a day` : ''}${idleFee.freeHours ? `, free ${windowLabel(idleFee.freeHours)}` : ''}.`
      : '',
    violationRules.maxStay ? `Overstay fee ${money(violationRules.maxStay.fee)} after ${violationRules.maxStay.minutes} min.` : '',
    violationRules.idleLimit ? `Idle beyond ${violationRules.idleLimit.minutes} min: ${money(violationRules.idleLimit.fee)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
};

/** One version as an OCPI Tariff; `next` (the version after it) ends it. The CDRs of its sessions carry this too. */
export const toOcpiTariff = (version: VersionRow, next: VersionRow | undefined): OcpiTariff => {
  const text = altText(version);
  return {
    country_code: OCPI_PARTY.countryCode,
    party_id: OCPI_PARTY.partyId,
    id: version.id,
    currency: version.currency,
    type: 'REGULAR',
    ...(text ? { tariff_alt_text: [{ language: 'en', text: text.slice(0, 512) }] } : {}),
    elements: [...flatElements(version), ...version.periods.map(periodElement), ...idleElements(version)],
    start_date_time: dateTime(version.effectiveFrom),
    ...(next ? { end_date_time: dateTime(next.effectiveFrom) } : {}),
    last_updated: dateTime(version.updatedAt),
  };
};

/** The versions in force now and scheduled, as OCPI 2.2.1 Tariff objects in OCPI's response envelope. */
export const buildOcpiTariffs = (versions: readonly VersionRow[], at: Date): OcpiTariffsResponse => ({
  data: versions.map((version, index) => toOcpiTariff(version, versions[index + 1])),
  status_code: 1000,
  status_message: 'Success',
  timestamp: dateTime(at),
});
