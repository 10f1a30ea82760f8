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
  /** Titled lists after the paragraphs (a digest's items per NDA), each with its own link. */
  sections?: MailSection[];
  footnote?: string;
  /** Lines after the footnote that end in a link (unsubscribe links). */
  footerLinks?: Array<{ text: string; label: string; url: string }>;
}

export interface MailSection {
  heading: string;
  items: string[];
  link?: { label: string; url: string };
}

export function renderMail(parts: MailParts): { subject: string; text: string; html: string } {
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.sections ?? []).flatMap((s) => [
      s.heading,
      ...s.items.map((i) => `- ${i}`),
      ...(s.link ? [`${s.link.label}: ${s.link.url}`] : []),
      '',
    ]),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    ...(parts.footnote ? [parts.footnote] : []),
    ...(parts.footerLinks ?? []).flatMap((l) => ['', `${l.text} ${l.label}: ${l.url}`]),
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#1c4e80;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#555">Or open this link: <a href="${escapeHtml(parts.action.url)}">${escapeHtml(parts.action.url)}</a></p>`
    : '';
  const sections = (parts.sections ?? [])
    .map(
      (s) =>
        `<h2 style="font-size:15px;margin:24px 0 8px">${escapeHtml(s.heading)}</h2>${s.items.length ? `<ul style="margin:0 0 12px;padding-left:20px">${s.items.map((i) => `<li style="margin:0 0 6px">${escapeHtml(i)}</li>`).join('')}</ul>` : ''}${s.link ? `<p style="margin:0 0 16px"><a href="${escapeHtml(s.link.url)}">${escapeHtml(s.link.label)}</a></p>` : ''}`,
    )
    .join('');
  const footerLinks = (parts.footerLinks ?? [])
    .map(
      (l) =>
        `<p style="font-size:12px;color:#777;margin:0 0 8px">${escapeHtml(l.text)} <a href="${escapeHtml(l.url)}" style="color:#555">${escapeHtml(l.label)}</a></p>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px">
${p(parts.greeting)}${parts.paragraphs.map(p).join('')}${sections}${button}${parts.footnote ? `<p style="font-size:12px;color:#777">${escapeHtml(parts.footnote)}</p>` : ''}${footerLinks}
</body></html>`;
  return { subject: parts.subject, text, html };
}
