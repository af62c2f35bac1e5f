import type { MeterValue, ReadingContext, SampledValue } from '@wattdesk/shared/ocpp/ocpp16';

export type MeterOptions = {
  /** What the charger delivers at full rate. */
  powerKw: number;
  random: () => number;
  /** Simulated seconds per real second: energy and state of charge advance this much faster. */
  timeScale: number;
  /** Register reading at start; the meter only ever counts up from here. */
  initialEnergyWh: number;
  nominalVoltage?: number;
  /** The cap the charger's charging profiles set now (W); undefined: no cap. */
  limitW?: (nowMs: number) => number | undefined;
};

type Vehicle = { capacityWh: number; socPercent: number; startedAtMs: number };

/** Seconds an EV takes to ramp up to full power after charging starts. */
const RAMP_SECONDS = 30;
/** Above this state of charge the EV draws less and less, down to nothing at 100 %. */
const TAPER_FROM_SOC = 80;
const NOISE = 0.03;

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * One connector's energy meter and the EV plugged into it: a cumulative import register (Wh) that never
 * goes back, and a power curve that ramps up to the charger's rating with a little noise and tapers as
 * the battery fills.
 */
export class ConnectorMeter {
  private registerWh: number;
  private powerW = 0;
  private voltage: number;
  private lastAtMs: number | undefined;
  private vehicle: Vehicle | undefined;
  private suspended = false;

  constructor(private readonly options: MeterOptions) {
    this.registerWh = options.initialEnergyWh;
    this.voltage = options.nominalVoltage ?? 240;
  }

  /** Register value in whole Wh, as meterStart/meterStop and samples report it. */
  get energyWh(): number {
    return Math.floor(this.registerWh);
  }

  get currentPowerW(): number {
    return this.powerW;
  }

  get stateOfCharge(): number | undefined {
    return this.vehicle ? round(this.vehicle.socPercent, 1) : undefined;
  }

  /** An EV plugs in: a random battery, partly charged. */
  beginSession(nowMs: number): void {
    const { random } = this.options;
    this.vehicle = { capacityWh: 40_000 + Math.round(random() * 60_000), socPercent: 10 + random() * 50, startedAtMs: nowMs };
    this.powerW = 0;
    this.lastAtMs = nowMs;
  }

  endSession(nowMs: number): void {
    this.advance(nowMs);
    this.vehicle = undefined;
    this.powerW = 0;
  }

  /** While suspended (a fault), no energy flows. */
  setSuspended(suspended: boolean, nowMs: number): void {
    this.advance(nowMs);
    this.suspended = suspended;
    if (suspended) this.powerW = 0;
  }

  /** Brings energy and state of charge up to now (trapezoid between the previous and the new power). */
  advance(nowMs: number): void {
    const previousAt = this.lastAtMs ?? nowMs;
    this.lastAtMs = nowMs;
    const vehicle = this.vehicle;
    if (!vehicle) {
      this.powerW = 0;
      return;
    }
    const simulatedSeconds = (Math.max(0, nowMs - previousAt) / 1000) * this.options.timeScale;
    const nextPower = this.suspended ? 0 : this.targetPowerW(vehicle, nowMs);
    const energyWh = (((this.powerW + nextPower) / 2) * simulatedSeconds) / 3600;
    const room = ((100 - vehicle.socPercent) / 100) * vehicle.capacityWh;
    const delivered = Math.min(energyWh, room);
    this.registerWh += delivered;
    vehicle.socPercent = Math.min(100, vehicle.socPercent + (delivered / vehicle.capacityWh) * 100);
    this.powerW = vehicle.socPercent >= 100 ? 0 : nextPower;
    const { random } = this.options;
    this.voltage = (this.options.nominalVoltage ?? 240) * (1 + (random() * 2 - 1) * 0.01);
  }

  private targetPowerW(vehicle: Vehicle, nowMs: number): number {
    const rated = this.options.powerKw * 1000;
    const elapsedSeconds = ((nowMs - vehicle.startedAtMs) / 1000) * this.options.timeScale;
    const ramp = Math.min(1, Math.max(0.1, elapsedSeconds / RAMP_SECONDS));
    const taper = vehicle.socPercent <= TAPER_FROM_SOC ? 1 : Math.max(0.05, (100 - vehicle.socPercent) / (100 - TAPER_FROM_SOC));
    const noise = 1 + (this.options.random() * 2 - 1) * NOISE;
    // The charger holds the EV at its profile's limit (a limit below the EV's minimum suspends it).
    const cap = this.options.limitW?.(nowMs) ?? Number.POSITIVE_INFINITY;
    return Math.max(0, Math.min(rated * ramp * taper * noise, cap));
  }

  /** A sample of every measurand, taken now. */
  sample(nowMs: number, context: ReadingContext = 'Sample.Periodic'): MeterValue {
    this.advance(nowMs);
    const powerW = Math.round(this.powerW);
    const values: SampledValue[] = [
      { value: String(this.energyWh), context, measurand: 'Energy.Active.Import.Register', location: 'Outlet', unit: 'Wh' },
      { value: String(powerW), context, measurand: 'Power.Active.Import', location: 'Outlet', unit: 'W' },
      { value: (powerW / this.voltage).toFixed(1), context, measurand: 'Current.Import', location: 'Outlet', unit: 'A' },
      { value: this.voltage.toFixed(1), context, measurand: 'Voltage', location: 'Outlet', unit: 'V' },
    ];
    const soc = this.stateOfCharge;
    if (soc !== undefined) values.push({ value: String(Math.floor(soc)), context, measurand: 'SoC', location: 'EV', unit: 'Percent' });
    return { timestamp: new Date(nowMs).toISOString(), sampledValue: values };
  }
}
