import type { SsoProvider } from '@wattdesk/shared';
import { DEV_DIRECTORY } from './dev-directory.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export const DEV_PROVIDER_LABEL = 'Development identity provider — not for production';

const DIRECTORY_NAMES: Record<SsoProvider, string> = {
  workforce: 'Workforce directory (network staff)',
  customer: 'Customer-admin directory (host companies)',
};

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #fff8e1; margin: 0; display: grid; place-items: center; min-height: 100vh; color: #222; }
  main { background: #fff; border: 3px dashed #e65100; border-radius: 8px; padding: 24px 28px; width: min(420px, 92vw); }
  .banner { background: #e65100; color: #fff; font-weight: 700; padding: 8px 12px; border-radius: 4px; margin: 0 0 16px; }
  label { display: block; margin: 12px 0 4px; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 8px; font-size: 16px; }
  .actions { display: flex; gap: 8px; margin-top: 16px; }
  button { padding: 8px 16px; font-size: 16px; cursor: pointer; }
  .error { color: #b71c1c; font-weight: 600; }
  details { margin-top: 16px; font-size: 14px; }
`;

const page = (nonce: string, title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${DEV_PROVIDER_LABEL}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main><p class="banner" role="note">${DEV_PROVIDER_LABEL}</p>${body}</main></body></html>`;

export type LoginPageInput = {
  nonce: string;
  provider: SsoProvider;
  clientId: string;
  action: string;
  abortAction: string;
  email: string;
  error?: string;
};

/** The development provider's own sign-in page: plainly labelled, with the demo directory listed. */
export const renderDevLoginPage = (input: LoginPageInput) => {
  const people = DEV_DIRECTORY[input.provider]
    .map((user) => `<li>${escapeHtml(user.email)}${user.groups.length ? ` — ${escapeHtml(user.groups.join(', '))}` : ''}</li>`)
    .join('');
  return page(
    input.nonce,
    'Sign in',
    `<h1>Sign in</h1>
<p>${escapeHtml(DIRECTORY_NAMES[input.provider])}, for the application <code>${escapeHtml(input.clientId)}</code>.</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}" autocomplete="off">
  <label for="email">E-mail</label><input id="email" name="email" type="email" required value="${escapeHtml(input.email)}">
  <label for="password">Password</label><input id="password" name="password" type="password" required autofocus>
  <div class="actions"><button type="submit">Sign in</button>
  <button type="submit" formaction="${escapeHtml(input.abortAction)}" formnovalidate>Cancel</button></div>
</form>
<details><summary>Demo directory (password Charge#2026)</summary><ul>${people}</ul></details>`,
  );
};

/** Errors the provider itself shows (bad client, bad redirect address): no way back to a client it cannot trust. */
export const renderProviderError = (out: { error?: string; error_description?: string }) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error · ${DEV_PROVIDER_LABEL}</title></head>
<body><p><strong>${DEV_PROVIDER_LABEL}</strong></p><h1>Sign-in error</h1>
<p>${escapeHtml(out.error ?? 'error')}: ${escapeHtml(out.error_description ?? 'The request could not be processed')}</p></body></html>`;
