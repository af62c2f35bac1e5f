/** The look every e-mail shares: escaped values, one card, one call-to-action button. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const mailLayout = (title: string, body: string) => `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a2b3c;background:#f5f7f9;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="font-size:12px;color:#667">Wattdesk — EV charging network administration</p></td></tr></table></body></html>`;

export const mailButton = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#0b7a53;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:13px">Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(href)}</span></p>`;
