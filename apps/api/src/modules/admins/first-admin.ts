import { fieldLabels, EMAIL_PATTERN, meetsPasswordRule, validationMessages as m } from '@wattdesk/shared';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { createdFields, recordActivity, type Actor } from '../../lib/audit.ts';
import { checkPasswordStrength } from '../../lib/password-strength.ts';
import { hashPassword } from '../../lib/passwords.ts';

/** Who the activity log names for the first administrator: no one signed in, the operator at the server's shell. */
export const CLI_ACTOR: Actor = { userId: null, email: 'create-admin (command line)', userType: null, ip: '127.0.0.1' };

const firstAdminSchema = z.object({
  email: z.string().trim().toLowerCase().max(320, 'Email must be at most 320 characters').regex(EMAIL_PATTERN, m.emailPattern),
  firstName: z.string().trim().min(1, m.required(fieldLabels.firstName)).max(100, 'First name must be at most 100 characters'),
  lastName: z.string().trim().min(1, m.required(fieldLabels.lastName)).max(100, 'Last name must be at most 100 characters'),
  password: z.string().max(1024).refine(meetsPasswordRule, m.passwordRule),
});
export type FirstAdminInput = z.input<typeof firstAdminSchema>;

/** A refusal the command prints as it is, with no stack: the operator's input or the database's state. */
export class FirstAdminRefused extends Error {}

/**
 * The first SuperAdmin of an empty production database, which has no other way to get one without single
 * sign-on (issue 39): once only, refused as soon as any SuperAdmin exists, with its activity-log row.
 */
export const createFirstAdmin = async (db: Database, input: FirstAdminInput): Promise<{ id: string; email: string }> => {
  const parsed = firstAdminSchema.safeParse(input);
  if (!parsed.success) throw new FirstAdminRefused(parsed.error.issues.map((issue) => issue.message).join('\n'));
  const { email, firstName, lastName, password } = parsed.data;
  const strength = await checkPasswordStrength(password, [email, firstName, lastName]);
  if (!strength.isStrongEnough) throw new FirstAdminRefused(['The password is too easy to guess.', ...strength.feedback].join('\n'));
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Two commands started at once must not both find no SuperAdmin: the second waits for the first's commit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wattdesk.create-admin'))`);
    const [existing] = await tx.select({ email: users.email }).from(users).where(eq(users.userType, 'SuperAdmin')).limit(1);
    if (existing) throw new FirstAdminRefused(`A SuperAdmin already exists (${existing.email}): invite further administrators from the dashboard.`);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken) throw new FirstAdminRefused(`An account with the e-mail ${email} already exists.`);
    const [row] = await tx
      .insert(users)
      .values({ email, passwordHash, firstName, lastName, userType: 'SuperAdmin', status: 'ACTIVE' })
      .returning({ id: users.id, email: users.email });
    await recordActivity(tx, CLI_ACTOR, {
      action: 'admin.create_first',
      entity: 'admin',
      entityId: row!.id,
      changes: createdFields({ email, firstName, lastName, userType: 'SuperAdmin', status: 'ACTIVE' }),
    });
    return row!;
  });
};
