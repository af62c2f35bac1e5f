import type { Page, Response } from '@playwright/test';
import { can, MENU_ITEMS, menuItem, type MenuItem } from '@wattdesk/shared';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 44's guard rail: in the pseudo-locale (apps/web/src/i18n/pseudo.ts, docs/languages.md "Finding untranslated
 * text") every catalogue message shows accented and bracketed, `⟦Çĥàŕĝéŕš⟧`, and MUI's own texts too. Any plain English
 * word left on a screen is then either data (a string the API answered), a brand or unit word, part of a date, an
 * e-mail address or an id — or text no catalogue holds, which fails the screen.
 */

/**
 * Every screen of the side menu. The demo Admin's menu (`can('Admin', …)`) is visited as the Admin; the few screens its
 * role does not show (payouts, administrators, roaming, system logs) as the SuperAdmin, the one type that sees them.
 */
const SCREENS: readonly { key: string }[] = [
  { key: 'dashboard' },
  { key: 'control-center' },
  { key: 'charging-sessions' },
  { key: 'drivers' },
  { key: 'charger-schedule' },
  { key: 'maintenance' },
  { key: 'firmware' },
  { key: 'subscription' },
  { key: 'license' },
  { key: 'logs' },
  { key: 'system-logs' },
  { key: 'activity-log' },
  { key: 'manage-admins' },
  { key: 'roaming' },
  { key: 'location-name' },
  { key: 'assets' },
  { key: 'account-setting' },
  { key: 'payment-info' },
  { key: 'payouts-account-details' },
  { key: 'payouts-history' },
  { key: 'rates' },
  { key: 'idle-fees' },
  { key: 'other-fees' },
  { key: 'violations' },
  { key: 'utility-info' },
  { key: 'dpo' },
  { key: 'agreements' },
];

/**
 * Brand and unit words, the same in every language (the lint rule's list, file sizes, minutes of a duration), and the
 * card networks' wordmarks on Payment Info's card logos.
 */
const ALLOWED_WORDS = new Set([
  'Wattdesk',
  'Stripe',
  'Plaid',
  'OCPP',
  'OCPI',
  'kWh',
  'kW',
  'KB',
  'MB',
  'GB',
  'CSV',
  'PDF',
  'min',
  'VISA',
  'AMEX',
  'DISC',
]);

/** What en-US dates and times carry: month and weekday abbreviations, AM/PM, a zone's label ("PST", "GMT+5:30"). */
const DATE_PARTS =
  /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun|AM|PM|UTC|GMT([+-]\d{1,2}(:\d{2})?)?|[A-Z]{1,4}[SD]?T)\b/g;
/** An IANA zone name as a time zone label shows it ("America/Los Angeles"). */
const ZONE_NAME = /\b[A-Z][A-Za-z]+\/[A-Z][A-Za-z_ -]*(\/[A-Z][A-Za-z_ -]*)?/g;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** Ids and codes: any token with a digit in it ("CP-0012", "cs_test_a1b2", a UUID). */
const ID = /[\w-]*\d[\w-]*/g;
const BRACKETED = /⟦[^⟧]*⟧/g;

/**
 * Codes shown as the product names them in every language, like OCPP's words: the charger kinds (the API's
 * `dumb`/`smart`/`nift`, upper-cased on Control Center's cards and filter and on Assets).
 */
const CODE_WORDS = new Set(['DUMB', 'SMART', 'NIFT']);

/** Every string of a JSON answer, however deep: its values, its keys (`{ "NACS": 15 }`) and each object as JSON. */
const stringsOf = (value: unknown, into: Set<string>): void => {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed) into.add(trimmed);
  } else if (Array.isArray(value)) {
    for (const item of value) stringsOf(item, into);
  } else if (value && typeof value === 'object') {
    // An object a screen shows as it came (System Logs' details cell writes the event's JSON).
    into.add(JSON.stringify(value));
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      stringsOf(item, into);
    }
  }
};

/** Records the strings of every JSON answer the page receives, and counts the requests still under way. */
const recordData = (page: Page) => {
  const data = new Set<string>();
  const reading: Promise<void>[] = [];
  let inFlight = 0;
  page.on('request', (request) => {
    if (['fetch', 'xhr'].includes(request.resourceType())) inFlight += 1;
  });
  const done = (resourceType: string) => {
    if (['fetch', 'xhr'].includes(resourceType)) inFlight -= 1;
  };
  page.on('requestfailed', (request) => done(request.resourceType()));
  page.on('requestfinished', (request) => done(request.resourceType()));
  page.on('response', (response: Response) => {
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    reading.push(
      response.json().then(
        (body: unknown) => stringsOf(body, data),
        () => undefined,
      ),
    );
  });
  return { data, settled: async () => void (await Promise.all(reading)), inFlight: () => inFlight };
};

/** Waits for the screen: its heading, no loader or skeleton, and no request under way twice in a row. */
const waitForScreen = async (page: Page, inFlight: () => number) => {
  await expect(page.locator('main h1').first()).toBeVisible();
  let quiet = 0;
  for (let tries = 0; tries < 60 && quiet < 3; tries += 1) {
    await page.waitForTimeout(300);
    const busy = await page.locator('main .MuiCircularProgress-root, main .MuiSkeleton-root, main [role="status"] .MuiCircularProgress-root').count();
    quiet = busy === 0 && inFlight() <= 0 ? quiet + 1 : 0;
  }
};

/**
 * The text nodes a reader sees: not in scripts or styles, not in an element the browser does not render; each with
 * where it is (the nearest labelled or identified element), for the report.
 */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue?.trim();
      const parent = node.parentElement;
      // An avatar's initials are the user's name (data), cut to letters no answer holds as such.
      if (!text || !parent || parent.closest('script, style, noscript, template, .MuiAvatar-root')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || parent.getClientRects().length === 0) continue;
      const owner = parent.closest('[aria-label], [data-testid], [role], h1, h2, h3, button, a, th, label');
      const name = owner?.getAttribute('aria-label') ?? owner?.getAttribute('data-testid') ?? owner?.getAttribute('role') ?? '';
      texts.push({ text, where: owner ? `${owner.tagName.toLowerCase()}${name ? ` "${name.slice(0, 40)}"` : ''}` : parent.tagName.toLowerCase() });
    }
    return texts;
  });

const LATIN_WORD = /[A-Za-z]{2,}/g;

/** The words of every answered string: a name the page puts together ("Hiro Alvarez" of firstName and lastName). */
const wordsOf = (data: ReadonlySet<string>) => new Set([...data].flatMap((value) => value.match(LATIN_WORD) ?? []));

const isData = (text: string, data: ReadonlySet<string>, dataWords: ReadonlySet<string>) => {
  if (data.has(text)) return true;
  for (const value of data) if (value.includes(text)) return true;
  const words = text.match(LATIN_WORD) ?? [];
  return words.length > 0 && words.every((word) => dataWords.has(word));
};

/** The English words of a text node, once brackets, data, dates, addresses, ids and brand words are taken out. */
const untranslatedWords = (text: string, data: ReadonlySet<string>, dataWords: ReadonlySet<string>): string[] => {
  if (CODE_WORDS.has(text) || isData(text, data, dataWords)) return [];
  // A line built from several values ("Bay 1 · Civic Center (Berkeley)"): each part may be data of its own.
  const parts = text
    .replace(BRACKETED, ' · ')
    .split(/\s*[·—|()]\s*|\s+-\s+|,\s+/)
    .map((part) => part.trim())
    .filter((part) => part && !isData(part, data, dataWords));
  const rest = parts.join(' ').replace(EMAIL, ' ').replace(ZONE_NAME, ' ').replace(DATE_PARTS, ' ').replace(ID, ' ');
  return (rest.match(LATIN_WORD) ?? []).filter((word) => !ALLOWED_WORDS.has(word) && !CODE_WORDS.has(word));
};

const adminKeys = MENU_ITEMS.filter((item) => can('Admin', item.permission)).map((item) => item.key);

test('SCREENS lists every screen of the side menu', () => {
  expect(SCREENS.map((screen) => screen.key).sort()).toEqual(MENU_ITEMS.map((item) => item.key).sort());
});

/** Visits a screen in the pseudo-locale and fails with the list of the English texts found on it. */
const checkScreen =
  (item: MenuItem, as: string) =>
  async ({ page, loginAs }: { page: Page; loginAs: (type: string) => Promise<void> }) => {
    const { data, settled, inFlight } = recordData(page);
    await page.addInitScript(() => localStorage.setItem('wattdesk.pseudo', '1'));
    await loginAs(as);
    await page.goto(item.path);
    await waitForScreen(page, inFlight);
    // The mode is on: the side menu's entries are bracketed.
    await expect(page.getByRole('navigation').first().getByRole('link').first()).toHaveText(/^⟦[^A-Za-z]*⟧$/);
    const texts = await visibleTexts(page);
    await settled();
    const dataWords = wordsOf(data);
    const found = [
      ...new Set(
        texts
          .map(({ text, where }) => ({ text, where, words: untranslatedWords(text, data, dataWords) }))
          .filter(({ words }) => words.length > 0)
          .map(({ text, where, words }) => `  "${text.slice(0, 120)}" (${words.join(', ')}) in ${where}`),
      ),
    ];
    expect(found, `Untranslated text on ${item.label} (${item.path}):\n${found.join('\n')}\n`).toEqual([]);
  };

test.describe('pseudo-locale: no untranslated text (issue 44)', () => {
  for (const screen of SCREENS) {
    const item = menuItem(screen.key)!;
    const as = adminKeys.includes(screen.key) ? 'Admin' : 'SuperAdmin';
    const title = `${item.label} (${item.path}, as ${as})`;
    test(title, checkScreen(item, as));
  }
});
