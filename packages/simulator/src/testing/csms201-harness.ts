import { afterEach, expect } from 'vitest';
import type { SimulatedChargerOptions } from '../charger.ts';
import { useChargerHarness } from './charger-harness.ts';
import { startTestCsms201, type SchemaViolation } from './ocpp201-test-server.ts';

/**
 * useChargerHarness against the independent 2.0.1 CSMS: chargers prefer 2.0.1, and after every test no message
 * in either direction may have broken the official 2.0.1 schemas.
 */
export const useCsms201Harness = () => {
  let violations: SchemaViolation[] = [];
  const harness = useChargerHarness(async (options) => {
    const csms = await startTestCsms201(options);
    violations = csms.violations;
    return csms;
  });
  afterEach(() => {
    expect(violations).toEqual([]);
  });
  const makeCharger = (options: Partial<SimulatedChargerOptions> = {}) => harness.makeCharger({ protocol: '2.0.1', ...options });
  return { central: harness.central, makeCharger };
};
