import { AppError, parseSort, successMessages, type Locale, type ViolationListQuery, type ViolationStatusBody } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { CsvCell } from '../../lib/csv.ts';
import { exportText, type CsvHeaderKey } from '../../lib/i18n/csv-headers.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { waiveLineItem } from './session-pricing.repository.ts';
import * as repo from './violations.repository.ts';

/** The export's columns, its header line in the reader's language (lib/i18n/csv-headers). */
export const VIOLATION_CSV_COLUMNS = [
  'violations.detected',
  'violations.driver',
  'violations.charger',
  'violations.transaction',
  'violations.rule',
  'violations.limit',
  'violations.actual',
  'violations.amount',
  'violations.currency',
  'violations.status',
  'violations.reason',
  'violations.resolvedBy',
] as const satisfies readonly CsvHeaderKey[];
const EXPORT_PAGE = 1000;

export const createViolationsService = ({ db, now }: { db: Database; now: () => Date }) => {
  const filterOf = (query: Omit<ViolationListQuery, 'page' | 'pageSize'>): repo.ViolationFilter => ({
    locationId: query.locationId,
    status: query.status,
    rule: query.rule,
    chargerId: query.chargerId,
    driver: query.driver || undefined,
    from: query.from,
    to: query.to,
  });

  const list = async (query: ViolationListQuery) => {
    const sort = parseSort<repo.ViolationSort['field']>(query.sort);
    const page = await repo.listViolations(db, filterOf(query), sort, query.page, query.pageSize);
    return { ...page, page: query.page, pageSize: query.pageSize };
  };

  /** The rule is named in the reader's language, as the violations page names it; the status stays the code the filter takes. */
  async function* exportRows(query: Omit<ViolationListQuery, 'page' | 'pageSize'>, locale: Locale = 'en'): AsyncGenerator<CsvCell[][]> {
    const say = exportText(locale);
    const sort = parseSort<repo.ViolationSort['field']>(query.sort);
    for (let page = 1; ; page += 1) {
      const { items } = await repo.listViolations(db, filterOf(query), sort, page, EXPORT_PAGE);
      yield items.map((v) => [
        v.detectedAt,
        v.idTag,
        v.chargerName,
        v.transactionId,
        say(`violations.value.${v.rule}`),
        v.limitMinutes,
        v.actualMinutes,
        v.amount,
        v.currency,
        v.status,
        v.reason,
        v.resolvedBy,
      ]);
      if (items.length < EXPORT_PAGE) return;
    }
  }

  /** Waiving takes the violation off the session's total (its line stays, marked waived); paid only records it. */
  const resolve = async (auth: AuthContext, actor: Actor, id: string, body: ViolationStatusBody) => {
    const found = await repo.findViolation(db, id);
    if (!found) throw new AppError('VIOLATION_NOT_FOUND');
    assertLocationAccess(auth, found.locationId);
    const violation = await db.transaction(async (tx) => {
      const resolved = await repo.resolveViolation(tx, id, {
        status: body.status,
        reason: body.reason || null,
        resolvedAt: now(),
        resolvedBy: actor.email,
      });
      if (!resolved) throw new AppError('VIOLATION_NOT_OPEN');
      if (body.status === 'waived') await waiveLineItem(tx, found.sessionId, found.rule);
      await recordActivity(tx, actor, {
        action: body.status === 'waived' ? 'violation.waive' : 'violation.paid',
        entity: 'violation',
        entityId: id,
        locationId: found.locationId,
        changes: { status: { before: 'open', after: body.status }, ...(body.reason ? { reason: { before: null, after: body.reason } } : {}) },
      });
      return (await repo.findViolation(tx, id))!;
    });
    return { responseCode: 200, msg: [successMessages.paymentFeeViolationInfoUpdated], violation: repo.toViolation(violation) };
  };

  return { list, exportRows, resolve };
};

export type ViolationsService = ReturnType<typeof createViolationsService>;
