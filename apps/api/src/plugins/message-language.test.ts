import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../db/seed/demo-users.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../test/test-app.ts';

describe('messages in the language the client asks for (issue 44)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, unknown>, language?: string) =>
    t.app.inject({ method: 'POST', url: '/web/users/login', payload, headers: language ? { 'accept-language': language } : {} });

  it('answers a refusal in German to a German client, in English (the spec’s words) to everyone else', async () => {
    // One wrong password per account: a second in a row would meet the sign-in throttle.
    const wrong = (type: 'Admin' | 'Scheduler' | 'Reseller' | 'PortfolioManager') => ({ email: demoEmail(type), password: 'Not#ThePassword1' });
    expect(json(await login(wrong('Admin'), 'de-DE,de;q=0.9,en;q=0.8')).msg).toEqual(['E-Mail-Adresse oder Passwort ist falsch']);
    expect(json(await login(wrong('Scheduler'))).msg).toEqual(['The email or password is incorrect']);
    // A language we do not speak, or English first: English.
    expect(json(await login(wrong('Reseller'), 'pt-BR')).msg).toEqual(['The email or password is incorrect']);
    expect(json(await login(wrong('PortfolioManager'), 'en-GB,de;q=0.5')).msg).toEqual(['The email or password is incorrect']);
  });

  it('translates validation sentences, the spec’s included, with the status and code unchanged', async () => {
    const blank = await login({ email: '', password: '' }, 'fr');
    expect(blank.statusCode).toBe(400);
    expect(json(blank)).toMatchObject({ responseCode: 400, code: 'VALIDATION_FAILED' });
    expect(json(blank).msg).toEqual(['Veuillez saisir votre adresse e-mail', 'Veuillez saisir votre mot de passe']);
    expect(json(await login({ email: '', password: '' })).msg).toEqual(['Please enter your email address', 'Please enter your password']);
  });

  it('translates the shared schemas’ own sentences too, a field’s name with them; the codes the API takes stay as written', async () => {
    const { access_token } = await loginAs(t.app, 'SuperAdmin');
    const list = (language?: string) =>
      t.app.inject(
        authed(access_token, {
          method: 'GET',
          url: '/web/notifications/notification-list?unreadOnly=maybe&state=maybe',
          headers: language ? { 'accept-language': language } : {},
        }),
      );
    const german = await list('de');
    expect(german.statusCode).toBe(400);
    expect(json<{ msg: string[] }>(german).msg).toEqual(['Nur ungelesene: muss true oder false sein', 'Der Zustand muss unread oder read sein']);
    expect(json<{ msg: string[] }>(await list()).msg).toEqual(['Unread only must be true or false', 'State must be unread or read']);
  });

  it('translates a sentence the schema builds from a list of codes, the codes kept as the API takes them', async () => {
    const { access_token } = await loginAs(t.app, 'SuperAdmin');
    const list = (language?: string) =>
      t.app.inject(
        authed(access_token, {
          method: 'GET',
          url: '/web/notifications/notification-list?type=bogus',
          headers: language ? { 'accept-language': language } : {},
        }),
      );
    const codes = 'charger-faulted, charger-offline, violation, booking-conflict, driver-accepted';
    expect(json<{ msg: string[] }>(await list('de')).msg).toEqual([`Typ: muss einer dieser Werte sein: ${codes}`]);
    expect(json<{ msg: string[] }>(await list()).msg).toEqual([`Type must be one of ${codes}`]);
  });
});
