import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { planCatalogueSchema, readConfigFile } from './plan-catalogue.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'wattdesk-plans-'));
const fileWith = (name: string, content: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
const plan = (overrides: Record<string, unknown> = {}) => ({
  key: 'basic',
  name: 'Basic',
  includes: { maxChargers: 10, features: ['firmware_campaigns'] },
  lookupKeys: { USD: 'wattdesk_basic_usd_month' },
  ...overrides,
});
const catalogue = (plans: unknown[]) => ({ withoutSubscription: { maxChargers: null, features: [] }, plans });
const start = (file: string) => () =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, JWT_SECRET: 'x'.repeat(8) + 'Zq7#kP2!aB9$cD4%eF6^gH1&', BILLING_PLANS_FILE: file });

describe('the plan catalogue is read and validated at start', () => {
  it('the shipped catalogue and sandbox prices are valid: three plans, each priced in USD, EUR and GBP', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, JWT_SECRET: 'x'.repeat(8) + 'Zq7#kP2!aB9$cD4%eF6^gH1&' });
    expect(config.billing.catalogue.plans.map((p) => p.key)).toEqual(['basic', 'standard', 'pro']);
    for (const p of config.billing.catalogue.plans) {
      expect(Object.keys(p.lookupKeys)).toEqual(['USD', 'EUR', 'GBP']);
      for (const lookupKey of Object.values(p.lookupKeys)) expect(config.billing.sandboxPrices.map((price) => price.lookupKey)).toContain(lookupKey);
    }
  });

  it('refuses a bad catalogue with the file and the field it got wrong', () => {
    const cases: [unknown, RegExp][] = [
      [
        catalogue([plan({ includes: { maxChargers: 0, features: [] } })]),
        /plans\.0\.includes\.maxChargers: maxChargers must be a positive whole number/,
      ],
      [
        catalogue([plan({ includes: { maxChargers: 5, features: ['teleport'] } })]),
        /plans\.0\.includes\.features\.0: a feature must be one of firmware_campaigns/,
      ],
      [catalogue([plan({ lookupKeys: { usd: 'x' } })]), /plans\.0\.lookupKeys\.usd: a currency must be a three-letter ISO code/],
      [catalogue([plan({ lookupKeys: {} })]), /plans\.0\.lookupKeys: lookupKeys needs at least one currency/],
      [catalogue([plan(), plan({ name: 'Again' })]), /plans\.1\.key: key basic is used by another plan/],
      [catalogue([plan({ key: 'Basic Plan' })]), /plans\.0\.key: key must be lower-case/],
      [catalogue([]), /plans: plans needs at least one plan/],
      [{ plans: [plan()] }, /withoutSubscription: /],
    ];
    for (const [content, message] of cases) {
      const file = fileWith('plans.json', content);
      expect(start(file)).toThrow(ConfigError);
      expect(start(file)).toThrow(new RegExp(`${file.replaceAll('.', '\\.')}: ${message.source}`));
    }
  });

  it('names a file that is not JSON, and one that is missing', () => {
    expect(start(fileWith('broken.json', '{ "plans": ['))).toThrow(/broken\.json: .*JSON/);
    expect(start(path.join(dir, 'absent.json'))).toThrow(/absent\.json: ENOENT/);
  });

  it('reads a valid catalogue with its defaults (no description, monthly)', () => {
    const read = readConfigFile(fileWith('ok.json', catalogue([plan()])), planCatalogueSchema);
    expect(read.plans[0]).toMatchObject({ key: 'basic', description: '', interval: 'month', lookupKeys: { USD: 'wattdesk_basic_usd_month' } });
  });
});
