import type { IdleFeeSettings, RatePeriod, Tariff, ViolationRules } from '@wattdesk/shared';

/** The network default session fee of the demo (USD, minor units). */
export const DEMO_DEFAULT_SESSION_FEE = 50;

const timeOfUse: RatePeriod[] = [
  { days: 'weekdays', startHour: 21, endHour: 17, energyPriceMicros: 280_000, timePriceMicros: null },
  { days: 'weekdays', startHour: 17, endHour: 21, energyPriceMicros: 480_000, timePriceMicros: 1_000_000 },
  { days: 'weekends', startHour: 0, endHour: 0, energyPriceMicros: 320_000, timePriceMicros: null },
];
const flat: RatePeriod[] = [{ days: 'all-days', startHour: 0, endHour: 0, energyPriceMicros: 350_000, timePriceMicros: null }];

const idleFee: IdleFeeSettings = { enabled: true, pricePerMinute: 40, graceMinutes: 15, dailyCap: 2500, freeHours: { startHour: 22, endHour: 6 } };
const strict: ViolationRules = { maxStay: { minutes: 240, fee: 1500 }, idleLimit: { minutes: 60, fee: 1000 } };
const lenient: ViolationRules = { maxStay: { minutes: 480, fee: 2000 }, idleLimit: null };

export type DemoTariff = { tariff: Tariff; ownSessionFee: number | null };

/** Every second location prices by time of use; every third sets a session fee of its own. */
export const demoTariffFor = (index: number): DemoTariff => {
  const ownSessionFee = index % 3 === 1 ? 75 : null;
  return {
    ownSessionFee,
    tariff: {
      currency: 'USD',
      periods: index % 2 === 0 ? timeOfUse : flat,
      sessionFee: ownSessionFee ?? DEMO_DEFAULT_SESSION_FEE,
      idleFee,
      violationRules: index % 2 === 0 ? strict : lenient,
    },
  };
};
