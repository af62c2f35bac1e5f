import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { inspectionMessages } from '@wattdesk/shared';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, loginAs, multipartFile, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, chargers } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-users.ts';

type Answer = {
  msg: string[];
  code?: string;
  template: { id: string; sections: { id: string; questions: { id: string }[] }[] };
  record: { id: string };
  items: { id: string; archived: boolean }[];
};

describe('inspections: templates of sections and questions, records, maintenance from a failed answer', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let oak: string;
  beforeAll(async () => {
    t = await createTestApp();
    for (const type of ['SuperAdmin', 'MobileAdmin', 'ReadonlyAdmin', 'Admin'] as const) tokens[type] = (await loginAs(t.app, type)).access_token;
    oak = (await demoLocationIds(t.database.db))['oak-jack-london']!;
  });
  afterAll(() => t.close());

  const call = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await t.app.inject(authed(tokens[who]!, { method, url, ...(payload ? { payload } : {}) }));
    return { status: response.statusCode, body: response.json<Answer>() };
  };
  const photo = (who: string, content: Buffer, name = 'meter.png') =>
    t.app.inject(
      authed(tokens[who]!, {
        method: 'POST',
        url: `/web/records/photos?locationId=${oak}`,
        ...multipartFile({}, { field: 'file', filename: name, contentType: 'image/png', content }),
      }),
    );
  const template = {
    locationId: '',
    name: 'Quarterly charger check',
    target: 'charger',
    sections: [
      {
        title: 'Cable and connector',
        questions: [
          { text: 'Cable free of cuts?', kind: 'yes-no', opensMaintenance: true },
          { text: 'Insulation resistance (MOhm)', kind: 'number', min: 1, max: null },
        ],
      },
      {
        title: 'Site',
        questions: [
          { text: 'Notes', kind: 'text' },
          { text: 'Photo of the unit', kind: 'photo' },
        ],
      },
    ],
  };

  it('refuses an empty template with field messages; only template editors may create one', async () => {
    const invalid = await call('SuperAdmin', 'POST', '/web/inspection-templates', { locationId: oak, name: ' ', target: 'charger', sections: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toEqual(expect.arrayContaining(['Name Field is required', 'Add at least one section']));
    expect((await call('MobileAdmin', 'POST', '/web/inspection-templates', { ...template, locationId: oak })).status).toBe(403);
    expect((await call('Admin', 'GET', `/web/inspection-templates?locationId=${oak}`)).status).toBe(403);
  });

  it('a completed record keeps who, when and the answers; a failed maintenance question puts the charger in maintenance', async () => {
    const created = await call('SuperAdmin', 'POST', '/web/inspection-templates', { ...template, locationId: oak });
    expect(created.status).toBe(201);
    const [cable, site] = created.body.template.sections;
    const [cut, insulation] = cable!.questions;
    const [notes, unitPhoto] = site!.questions;
    const chargerId = await makeCharger(t.database.db, oak);

    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const tooBig = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 1 - png.length)]);
    const folder = path.join(t.config.dataDir, 'files', 'inspections', oak);
    const stored = () => (existsSync(folder) ? readdirSync(folder).filter((name) => !name.endsWith('.content-type')) : []);
    const big = await photo('MobileAdmin', tooBig);
    expect([big.statusCode, big.json<Answer>().msg]).toEqual([413, ['Photo size should not exceed 2 MB']]);
    expect((await photo('MobileAdmin', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]), 'photo.png')).statusCode).toBe(415);
    expect(stored()).toEqual([]);
    const { photoId } = (await photo('MobileAdmin', png)).json<{ photoId: string }>();
    expect(stored()).toEqual([photoId]);

    const answers = (cutOk: boolean) => [
      { questionId: cut!.id, value: cutOk },
      { questionId: insulation!.id, value: 0.4 },
      { questionId: notes!.id, value: 'Holster loose' },
      { questionId: unitPhoto!.id, value: photoId },
    ];
    const base = { templateId: created.body.template.id, locationId: oak, chargerId };
    const missing = await call('MobileAdmin', 'POST', '/web/records', { ...base, answers: answers(true).slice(0, 2) });
    expect(missing.body).toMatchObject({
      code: 'INSPECTION_ANSWERS_INVALID',
      msg: ['Unable to save the inspection', 'Photo of the unit: answer with an uploaded photo'],
    });
    expect((await call('ReadonlyAdmin', 'POST', '/web/records', { ...base, answers: answers(false) })).status).toBe(403);

    const saved = await call('MobileAdmin', 'POST', '/web/records', { ...base, answers: answers(false) });
    expect(saved).toMatchObject({ status: 201, body: { msg: ['Inspection saved', 'A failed answer put the charger in maintenance'] } });
    const [charger] = await t.database.db.select().from(chargers).where(eq(chargers.id, chargerId));
    expect(charger?.availability).toBe('inoperative');
    const maintenanceRows = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'maintenance.start'), eq(activityLogs.locationId, oak)));
    expect(maintenanceRows.map((row) => row.actorEmail)).toContain(demoEmail('MobileAdmin'));

    const listed = await t.app.inject(authed(tokens.ReadonlyAdmin!, { method: 'GET', url: `/web/records?locationId=${oak}` }));
    expect(listed.json()).toMatchObject({
      items: [
        {
          templateName: 'Quarterly charger check',
          chargerId,
          failedCount: 2,
          maintenanceOpened: true,
          inspectorEmail: demoEmail('MobileAdmin'),
          answers: expect.arrayContaining([
            { questionId: cut!.id, value: false, failed: true },
            { questionId: notes!.id, value: 'Holster loose', failed: false },
          ]),
        },
      ],
    });
    const [audit] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, saved.body.record.id));
    expect(audit).toMatchObject({ action: 'inspection.completed', actorEmail: demoEmail('MobileAdmin'), locationId: oak });
    const image = await t.app.inject(authed(tokens.ReadonlyAdmin!, { method: 'GET', url: `/web/records/photos/${photoId}?locationId=${oak}` }));
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('editing a template keeps the ids of kept questions', async () => {
    const created = await call('SuperAdmin', 'POST', '/web/inspection-templates', { ...template, locationId: oak });
    const sections = created.body.template.sections;
    const { locationId: _unused, ...body } = template;
    const edited = await call('SuperAdmin', 'PUT', `/web/inspection-templates/${created.body.template.id}`, {
      ...body,
      sections: [{ ...body.sections[0], id: sections[0]!.id, questions: [{ ...body.sections[0]!.questions[0], id: sections[0]!.questions[0]!.id }] }],
    });
    expect(edited.body.template.sections).toEqual([
      expect.objectContaining({ id: sections[0]!.id, questions: [expect.objectContaining({ id: sections[0]!.questions[0]!.id })] }),
    ]);
  });

  it('a retired template is archived and restored: no new inspections on it meanwhile, its records still read the same', async () => {
    const created = await call('SuperAdmin', 'POST', '/web/inspection-templates', {
      locationId: oak,
      name: 'Winter site walk',
      target: 'location',
      sections: [{ title: 'Site', questions: [{ text: 'Snow cleared?', kind: 'yes-no' }] }],
    });
    const id = created.body.template.id;
    const questionId = created.body.template.sections[0]!.questions[0]!.id;
    const fillIn = () => call('MobileAdmin', 'POST', '/web/records', { templateId: id, locationId: oak, answers: [{ questionId, value: true }] });
    const old = await fillIn();
    expect(old.status).toBe(201);
    const listed = async (status?: string) =>
      (await call('ReadonlyAdmin', 'GET', `/web/inspection-templates?locationId=${oak}${status ? `&status=${status}` : ''}`)).body.items.find(
        (item) => item.id === id,
      );
    const auditRows = () => t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, id)).orderBy(asc(activityLogs.createdAt));

    // Fill-in staff, viewers and an Admin of other locations may not retire it.
    expect((await call('MobileAdmin', 'POST', `/web/inspection-templates/${id}/archive`)).status).toBe(403);
    expect((await call('ReadonlyAdmin', 'POST', `/web/inspection-templates/${id}/archive`)).status).toBe(403);
    expect((await call('Admin', 'POST', `/web/inspection-templates/${id}/archive`)).status).toBe(403);
    expect(await listed()).toMatchObject({ archived: false });

    const archived = await call('SuperAdmin', 'POST', `/web/inspection-templates/${id}/archive`);
    expect(archived).toMatchObject({ status: 200, body: { msg: [inspectionMessages.templateArchived], template: { id, archived: true } } });
    expect((await call('SuperAdmin', 'POST', `/web/inspection-templates/${id}/archive`)).status).toBe(200);
    expect(await listed()).toBeUndefined();
    expect(await listed('archived')).toMatchObject({ archived: true });
    expect(await listed('all')).toMatchObject({ archived: true });
    const refused = await fillIn();
    expect(refused).toMatchObject({ status: 409, body: { msg: [inspectionMessages.templateArchivedLocked] } });
    const { locationId: _unused, ...body } = template;
    expect((await call('SuperAdmin', 'PUT', `/web/inspection-templates/${id}`, body)).status).toBe(409);

    const records = await t.app.inject(authed(tokens.ReadonlyAdmin!, { method: 'GET', url: `/web/records?locationId=${oak}` }));
    expect(records.json<{ items: object[] }>().items).toContainEqual(
      expect.objectContaining({
        id: old.body.record.id,
        templateName: 'Winter site walk',
        templateArchived: true,
        sections: [expect.objectContaining({ questions: [expect.objectContaining({ id: questionId, text: 'Snow cleared?' })] })],
        answers: [{ questionId, value: true, failed: false }],
      }),
    );

    const restored = await call('SuperAdmin', 'POST', `/web/inspection-templates/${id}/restore`);
    expect(restored).toMatchObject({ status: 200, body: { msg: [inspectionMessages.templateRestored], template: { id, archived: false } } });
    expect(await listed()).toMatchObject({ archived: false });
    expect(await listed('archived')).toBeUndefined();
    expect((await fillIn()).status).toBe(201);

    // One row per change, none for the repeated archive.
    expect((await auditRows()).map(({ action, actorEmail, locationId, changes }) => ({ action, actorEmail, locationId, changes }))).toEqual([
      expect.objectContaining({ action: 'inspection_template.created' }),
      {
        action: 'inspection_template.archived',
        actorEmail: demoEmail('SuperAdmin'),
        locationId: oak,
        changes: { archived: { before: false, after: true } },
      },
      {
        action: 'inspection_template.restored',
        actorEmail: demoEmail('SuperAdmin'),
        locationId: oak,
        changes: { archived: { before: true, after: false } },
      },
    ]);
  });

  it('archive and restore answer 404 for an unknown template and 400 for a malformed id or filter', async () => {
    const unknown = await call('SuperAdmin', 'POST', '/web/inspection-templates/7c0e8a52-3b7f-4f43-9a53-2f4d0b1f6a10/archive');
    expect(unknown).toMatchObject({ status: 404, body: { responseCode: 404, msg: [inspectionMessages.templateNotFound] } });
    expect((await call('SuperAdmin', 'POST', '/web/inspection-templates/7c0e8a52-3b7f-4f43-9a53-2f4d0b1f6a10/restore')).status).toBe(404);
    expect((await call('SuperAdmin', 'POST', '/web/inspection-templates/not-an-id/restore')).status).toBe(400);
    const filter = await call('SuperAdmin', 'GET', `/web/inspection-templates?locationId=${oak}&status=retired`);
    expect(filter).toMatchObject({ status: 400, body: { msg: expect.arrayContaining(['Status must be active, archived or all']) } });
  });
});
