/** Shared HTML frame and escaping for every e-mail. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface MailParts {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

export function renderMail(parts: MailParts): { subject: string; text: string; html: string } {
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    ...(parts.footnote ? [parts.footnote] : []),
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#1c4e80;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#555">Or open this link: <a href="${escapeHtml(parts.action.url)}">${escapeHtml(parts.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px">
${p(parts.greeting)}${parts.paragraphs.map(p).join('')}${button}${parts.footnote ? `<p style="font-size:12px;color:#777">${escapeHtml(parts.footnote)}</p>` : ''}
</body></html>`;
  return { subject: parts.subject, text, html };
}
