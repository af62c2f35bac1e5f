import { readFileSync } from 'node:fs';
import { PLAN_FEATURES, type PlanIncludes } from '@wattdesk/shared';
import { z } from 'zod';

const includesSchema = z.strictObject({
  maxChargers: z.number().int().positive('maxChargers must be a positive whole number, or null for no limit').nullable(),
  features: z.array(z.enum(PLAN_FEATURES, { error: `a feature must be one of ${PLAN_FEATURES.join(', ')}` })),
});

const planSchema = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'key must be lower-case letters, digits or _ (at most 32), starting with a letter'),
  name: z.string().trim().min(1, 'name is required'),
  description: z.string().default(''),
  interval: z.enum(['month', 'year']).default('month'),
  includes: includesSchema,
  /** The plan's Stripe Price per currency (ISO 4217, upper case), found by lookup key. */
  lookupKeys: z
    .record(z.string(), z.string().min(1).max(200))
    .refine((keys) => Object.keys(keys).length > 0, 'lookupKeys needs at least one currency')
    // Checked here rather than by the key schema, whose failure zod reports only as "Invalid key in record".
    .superRefine((keys, ctx) => {
      for (const currency of Object.keys(keys).filter((key) => !/^[A-Z]{3}$/.test(key)))
        ctx.addIssue({ code: 'custom', path: [currency], message: 'a currency must be a three-letter ISO code in capitals (USD, EUR)' });
    }),
});

export const planCatalogueSchema = z
  .strictObject({
    /** What a location without an active subscription may use. */
    withoutSubscription: includesSchema,
    plans: z.array(planSchema).min(1, 'plans needs at least one plan'),
  })
  .superRefine((catalogue, ctx) => {
    catalogue.plans.forEach((plan, index) => {
      if (catalogue.plans.findIndex((other) => other.key === plan.key) !== index)
        ctx.addIssue({ code: 'custom', path: ['plans', index, 'key'], message: `key ${plan.key} is used by another plan` });
    });
  });

export type PlanCatalogueFile = z.infer<typeof planCatalogueSchema>;
export type CataloguePlan = PlanCatalogueFile['plans'][number];

/** A price the built-in Stripe sandbox answers by lookup key (a real account has its own, made in Stripe). */
export const sandboxPricesSchema = z.strictObject({
  prices: z.array(
    z.strictObject({
      lookupKey: z.string().min(1),
      currency: z.string().regex(/^[a-z]{3}$/, 'currency must be a three-letter ISO code in lower case, as Stripe writes it'),
      unitAmount: z.number().int().min(0, 'unitAmount must be minor units, 0 or more'),
      interval: z.enum(['month', 'year']),
    }),
  ),
});
export type SandboxPrice = z.infer<typeof sandboxPricesSchema>['prices'][number];

export class CatalogueError extends Error {}

/** Reads and validates a JSON configuration file; every problem is one line naming the file and the field. */
export const readConfigFile = <T>(file: string, schema: z.ZodType<T>): T => {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogueError(`${file}: ${error instanceof Error ? error.message : 'cannot be read'}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new CatalogueError(lines.join('\n  '));
  }
  return parsed.data;
};

/** The plans on offer, looked up by key; the lookup key of a plan's price in a currency (or its first currency). */
export const createPlanCatalogue = (file: PlanCatalogueFile) => {
  const byKey = new Map(file.plans.map((plan) => [plan.key, plan]));
  return {
    plans: file.plans,
    withoutSubscription: file.withoutSubscription satisfies PlanIncludes,
    plan: (key: string): CataloguePlan | undefined => byKey.get(key),
    lookupKeyFor: (plan: CataloguePlan, currency: string): string => plan.lookupKeys[currency.toUpperCase()] ?? Object.values(plan.lookupKeys)[0]!,
  };
};

export type PlanCatalogue = ReturnType<typeof createPlanCatalogue>;
