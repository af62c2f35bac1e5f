import {
  AppError,
  DRIVER_IMPORT_COLUMNS,
  DRIVER_IMPORT_MAX_ROWS,
  normalizeIdTag,
  registerDriverBodySchema,
  type DriverImportRowError,
  type RegisterDriverBody,
} from '@wattdesk/shared';
import { forEachRow, readCsvRecords, unguardedCell } from '../../lib/csv-upload.ts';
import type { Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { columnInEveryLanguage, type CsvHeaderKey } from '../../lib/i18n/csv-headers.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { requireLocationExists } from '../locations/locations.service.ts';
import { createDriverWrites, withConflictMessages, type DriversServiceDeps, type Invitation } from './driver-writes.ts';
import * as repo from './drivers.repository.ts';

export type ImportRow = { row: number; body: RegisterDriverBody; mainUserEmail: string | null };
export type ParsedImport = { rows: ImportRow[]; errors: DriverImportRowError[] };

const REQUIRED_COLUMNS = ['email', 'firstName', 'lastName'] as const;
// Stands in for the main user's id until the service has resolved the e-mail: the schema wants an id.
const PENDING_MAIN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The drivers export's columns the import reads, by their header in any language: a file exported from the Drivers
 * page imports back whatever language the page showed (docs/languages.md). Its main user is a name, not the e-mail
 * the import needs, so that column is not read.
 */
const EXPORTED_COLUMNS: readonly [CsvHeaderKey, (typeof DRIVER_IMPORT_COLUMNS)[number]][] = [
  ['drivers.firstName', 'firstName'],
  ['drivers.lastName', 'lastName'],
  ['drivers.email', 'email'],
  ['drivers.phone', 'phoneNumber'],
  ['drivers.role', 'role'],
  ['drivers.idTags', 'idTags'],
];
const exportedColumns = new Map(
  EXPORTED_COLUMNS.flatMap(([key, column]) => columnInEveryLanguage(key).map((name) => [name.toLowerCase(), column] as const)),
);
const columnOf = (name: string) => exportedColumns.get(name.toLowerCase()) ?? name;

/** Tags split on ; or |; `app:TOKEN` marks a driver-app token, anything else is an RFID card. */
const tagsOf = (cell: string) =>
  cell
    .split(/[;|]/)
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => (/^app:/i.test(value) ? { tag: value.slice(4), kind: 'app' as const } : { tag: value, kind: 'rfid' as const }));

const toBody = (record: Record<string, string>, locationId: string) => {
  const cell = (column: (typeof DRIVER_IMPORT_COLUMNS)[number]) => unguardedCell(record[column] ?? '');
  const mainUserEmail = cell('mainUserEmail').trim().toLowerCase();
  return {
    body: {
      locationId,
      email: cell('email'),
      firstName: cell('firstName'),
      lastName: cell('lastName'),
      phoneNumber: cell('phoneNumber'),
      role: cell('role').trim().toLowerCase() || 'user',
      mainDriverId: mainUserEmail ? PENDING_MAIN_ID : null,
      idTags: tagsOf(cell('idTags')),
    },
    mainUserEmail: mainUserEmail || null,
  };
};

const duplicateTracker = () => {
  const seen = new Map<string, number>();
  return (key: string, row: number): number | undefined => {
    const earlier = seen.get(key);
    if (earlier === undefined) seen.set(key, row);
    return earlier;
  };
};

/**
 * Validates every row with the register-user schema and for duplicates inside the file. What needs the
 * database (taken e-mails and tags, main users outside the file) is checked by the service.
 */
export const parseDriverImport = async (csv: Buffer, locationId: string): Promise<ParsedImport | { fileError: string }> => {
  const read = await readCsvRecords(csv, DRIVER_IMPORT_MAX_ROWS, columnOf);
  if ('fileError' in read) return read;
  const { records } = read;
  if (records.length === 0) return { fileError: 'The file has no driver rows under its header' };
  if (records.length > DRIVER_IMPORT_MAX_ROWS) return { fileError: `At most ${DRIVER_IMPORT_MAX_ROWS} drivers per file` };
  const missing = REQUIRED_COLUMNS.filter((column) => !(column in records[0]!));
  if (missing.length) return { fileError: `The header must name the columns ${DRIVER_IMPORT_COLUMNS.join(', ')}; missing: ${missing.join(', ')}` };

  const result: ParsedImport = { rows: [], errors: [] };
  const seenEmail = duplicateTracker();
  const seenTag = duplicateTracker();
  await forEachRow(records, (record, index) => {
    const row = index + 2;
    const { body, mainUserEmail } = toBody(record, locationId);
    const parsed = registerDriverBodySchema.safeParse(body);
    const errors = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];
    const email = (record.email ?? '').trim().toLowerCase();
    const earlierEmail = email ? seenEmail(email, row) : undefined;
    if (earlierEmail) errors.push(`E-mail ${email} is also on row ${earlierEmail}`);
    for (const { tag } of body.idTags) {
      const earlierTag = seenTag(normalizeIdTag(tag), row);
      if (earlierTag && earlierTag !== row) errors.push(`ID tag ${normalizeIdTag(tag)} is also on row ${earlierTag}`);
    }
    if (mainUserEmail && body.role !== 'sub-user') errors.push('Only a sub-user has a main user');
    if (errors.length || !parsed.success) result.errors.push({ row, email, errors });
    else result.rows.push({ row, body: parsed.data, mainUserEmail });
  });
  return result;
};

/** All rows or none: every row is checked (schema, duplicates, the database) before one is written. */
export const importDrivers = async (deps: DriversServiceDeps, auth: AuthContext, actor: Actor, locationId: string, csv: Buffer) => {
  const { db } = deps;
  const { insertOne, sendInvitations } = createDriverWrites(deps);
  assertLocationAccess(auth, locationId);
  await requireLocationExists(db, locationId);
  const parsed = await parseDriverImport(csv, locationId);
  if ('fileError' in parsed) throw new AppError('DRIVER_IMPORT_INVALID', { messages: [parsed.fileError], details: { rows: [] } });
  const [takenEmails, takenTags, existingMains] = await Promise.all([
    repo.findTakenEmails(
      db,
      parsed.rows.map((r) => r.body.email),
    ),
    repo.findTakenTags(
      db,
      parsed.rows.flatMap((r) => r.body.idTags.map((t) => t.tag)),
    ),
    repo.findDriverIdsByEmail(
      db,
      locationId,
      parsed.rows.flatMap((r) => (r.mainUserEmail ? [r.mainUserEmail] : [])),
    ),
  ]);
  const fileMains = new Set(parsed.rows.filter((r) => r.body.role === 'user').map((r) => r.body.email));
  const rowErrors = [...parsed.errors];
  for (const { row, body, mainUserEmail } of parsed.rows) {
    const errors = [
      ...(takenEmails.includes(body.email) ? [`An account with the e-mail ${body.email} already exists`] : []),
      ...body.idTags.filter((t) => takenTags.includes(t.tag)).map((t) => `ID tag ${t.tag} already belongs to a driver of the network`),
      ...(mainUserEmail && !fileMains.has(mainUserEmail) && existingMains.get(mainUserEmail)?.role !== 'user'
        ? [`Main user ${mainUserEmail} is not a driver of this location with the role user`]
        : []),
    ];
    if (errors.length) rowErrors.push({ row, email: body.email, errors });
  }
  if (rowErrors.length) {
    rowErrors.sort((a, b) => a.row - b.row);
    const message = `${rowErrors.length} row${rowErrors.length === 1 ? ' has' : 's have'} errors; no driver was imported`;
    throw new AppError('DRIVER_IMPORT_INVALID', { messages: [message], details: { rows: rowErrors } });
  }
  // Main users first, so the sub-users of the same file can point at them.
  const ordered = [...parsed.rows].sort((a, b) => Number(a.body.role === 'sub-user') - Number(b.body.role === 'sub-user'));
  const send = await withConflictMessages(() =>
    db.transaction(async (tx) => {
      const ids = new Map([...existingMains].map(([email, main]) => [email, main.id]));
      const invitations: Invitation[] = [];
      for (const { body, mainUserEmail } of ordered) {
        const mainDriverId = mainUserEmail ? (ids.get(mainUserEmail) ?? null) : null;
        const { driverId, token } = await insertOne(tx, auth, actor, { ...body, mainDriverId }, 'driver.import');
        ids.set(body.email, driverId);
        invitations.push({ email: body.email, firstName: body.firstName, token });
      }
      return sendInvitations(tx, auth, locationId, invitations);
    }),
  );
  send();
  return { created: ordered.length };
};
