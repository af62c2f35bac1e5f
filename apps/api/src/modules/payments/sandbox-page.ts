import { escapeHtml } from '../../lib/mail-layout.ts';

const styles = `
body{margin:0;font-family:Arial,Helvetica,sans-serif;background:#f6f9fc;color:#1a1f36}
.banner{background:#ffb020;color:#1a1f36;padding:10px 16px;text-align:center;font-weight:700}
main{max-width:440px;margin:48px auto;background:#fff;border-radius:10px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px}
h1{font-size:22px;margin:0 0 8px} p{line-height:1.5;color:#3c4257}
label{display:block;font-size:14px;color:#3c4257;margin:12px 0 4px} input{box-sizing:border-box;width:100%;font-size:16px;padding:10px;border:1px solid #c1c9d2;border-radius:6px}
.row{display:flex;gap:12px} .row>div{flex:1} .error{color:#b42318;font-weight:700} a{color:#635bff}
table{font-size:13px;border-collapse:collapse;margin-top:16px} td{padding:2px 8px 2px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px} dt{color:#697386} dd{margin:0;word-break:break-all}
.actions{display:flex;gap:12px;margin-top:24px} button{flex:1;font-size:16px;padding:12px;border-radius:6px;border:1px solid #635bff;cursor:pointer}
.approve{background:#635bff;color:#fff} .deny{background:#fff;color:#635bff}
`;

export const page = (nonce: string, title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${styles}</style></head>
<body><div class="banner" role="note">LOCAL SANDBOX: this page stands in for Stripe. No real Stripe account is connected and no money moves.</div>
<main>${body}</main></body></html>`;

export type AuthorizeRequest = { clientId: string; state: string; redirectUri: string; scope: string };

/** The sandbox's version of Stripe's "connect your account" page: approve or deny. */
export const authorizePage = (nonce: string, request: AuthorizeRequest) =>
  page(
    nonce,
    'Stripe sandbox: connect your account',
    `<h1>Connect a Stripe account to Wattdesk</h1>
<p>Wattdesk asks to connect a Stripe account, so that payouts of this location can be sent to it.</p>
<dl><dt>Application</dt><dd>${escapeHtml(request.clientId)}</dd><dt>Access</dt><dd>${escapeHtml(request.scope)}</dd><dt>Account</dt><dd>a new sandbox test account</dd></dl>
<form method="post" action="/web/payments/sandbox/oauth/authorize">
<input type="hidden" name="client_id" value="${escapeHtml(request.clientId)}">
<input type="hidden" name="state" value="${escapeHtml(request.state)}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(request.redirectUri)}">
<div class="actions"><button class="deny" type="submit" name="decision" value="deny">Deny access</button>
<button class="approve" type="submit" name="decision" value="approve">Authorize access</button></div>
</form>`,
  );

export const errorPage = (nonce: string, message: string) =>
  page(nonce, 'Stripe sandbox: invalid request', `<h1>This authorization request is not valid</h1><p>${escapeHtml(message)}</p>`);
