import { isMessageKey, t, type MessageKey } from '@tuerca/contracts';

/** An e-mail ready for SMTP: subject, plain-text and HTML bodies (Spanish). */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const camel = (template: string) => template.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The catalogue's text for the template (`notifications.emailSubjects.purchasePaidBuyer`), or its `other`. */
function perTemplate(group: 'emailSubjects' | 'emailButtons', template: string, params: Record<string, string>): string {
  const key = `notifications.${group}.${camel(template)}`;
  return t(isMessageKey(key) ? key : (`notifications.${group}.other` as MessageKey), params);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** The message text as HTML: escaped, with its links clickable. */
function paragraphHtml(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    out += escapeHtml(text.slice(last, m.index));
    out += `<a href="${escapeHtml(m[0])}" style="color:#0b57d0">${escapeHtml(m[0])}</a>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * The e-mail of a message (issue 18: "HTML and text bodies in Spanish, templates per message, the store's
 * and the product's names, links back to the console"): the subject per template from the catalogue, the
 * stored text as the body (it already names the store, the products and the amounts) and a button to
 * `params.link`. Everything that comes from data is escaped in the HTML.
 */
export function renderEmail(message: { template: string; text: string; params: Record<string, string> }): RenderedEmail {
  const params = message.params;
  const subject = perTemplate('emailSubjects', message.template, params);
  const link = params.link && /^https?:\/\//.test(params.link) ? params.link : null;
  const button = link ? perTemplate('emailButtons', message.template, params) : null;
  const footer = t('notifications.emailFooter');
  const linkInText = link !== null && message.text.includes(link);

  const text = [message.text, link && !linkInText ? `${button}: ${link}` : null, '--', footer].filter((l) => l !== null).join('\n\n');

  const buttonHtml =
    link && button
      ? `<tr><td style="padding:0 24px 24px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0b57d0;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(button)}</a></td></tr>`
      : '';
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#0b3d91;color:#ffffff;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">Tuerca</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">${paragraphHtml(message.text)}</td></tr>
${buttonHtml}
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${escapeHtml(footer)}</td></tr>
</table></td></tr></table>
</body>
</html>`;
  return { subject, text, html };
}
