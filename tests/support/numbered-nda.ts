import { PDFDocument, StandardFonts } from 'pdf-lib';

/** One section of the generated NDA: a numbered heading on a line of its own, its body, and lettered items. */
export interface NumberedSection {
  number: number;
  heading: string;
  body: string;
  items?: string[];
  subsections?: string[];
}

export const NUMBERED_SECTIONS: NumberedSection[] = [
  { number: 1, heading: 'DEFINITIONS', body: 'In this Agreement the following words have the meanings given below.' },
  {
    number: 2,
    heading: 'CONFIDENTIALITY OBLIGATIONS',
    body: 'The Recipient shall keep the Confidential Information secret and shall:',
    items: [
      'use it only for the Purpose and for no other purpose whatsoever;',
      'not disclose it to any person except its Representatives; and',
      'protect it with at least reasonable care.',
    ],
  },
  {
    number: 3,
    heading: 'TERM',
    body: 'This Agreement lasts for a period of twenty-four months from the date of the last signature below.',
    subsections: [
      'The obligations of confidentiality survive the end of this Agreement for a further two years.',
      'Either party may end this Agreement on thirty days written notice.',
    ],
  },
  {
    number: 4,
    heading: 'NON-SOLICITATION',
    body: 'For twelve months the Recipient shall not solicit any employee of the Discloser with whom it had contact.',
  },
  {
    number: 5,
    heading: 'STANDSTILL',
    body: 'For twelve months the Recipient shall not acquire any securities of the Discloser without its consent.',
  },
  {
    number: 6,
    heading: 'GOVERNING LAW',
    body: 'This Agreement is governed by the laws of England and Wales and the courts of London have jurisdiction.',
  },
];

/** Words wrapped into lines at most `width` points wide. */
function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A numbered NDA drawn with pdf-lib: a title, then sections "1. HEADING" on their own line in bold,
 * their body in regular type, "(a)" items and "3.1" subsections indented; two pages, A4.
 */
export async function numberedNdaPdf(sections = NUMBERED_SECTIONS): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const size = 11;
  let page = doc.addPage([595, 842]);
  let y = 780;
  const measure = (s: string) => regular.widthOfTextAtSize(s, size);
  const draw = (text: string, x: number, font = regular) => {
    if (y < 80) {
      page = doc.addPage([595, 842]);
      y = 780;
    }
    page.drawText(text, { x, y, size, font });
    y -= size * 1.4;
  };
  draw('NON-DISCLOSURE AGREEMENT', 200, bold);
  y -= 10;
  sections.forEach((s, index) => {
    if (index === 3) y = 60;
    draw(`${s.number}. ${s.heading}`, 60, bold);
    for (const line of wrap(s.body, 460, measure)) draw(line, 80);
    (s.items ?? []).forEach((item, i) => {
      wrap(item, 420, measure).forEach((line, j) => draw(j ? line : `(${'abc'[i]}) ${line}`, j ? 110 : 90));
    });
    (s.subsections ?? []).forEach((sub, i) => {
      wrap(sub, 440, measure).forEach((line, j) => draw(j ? line : `${s.number}.${i + 1} ${line}`, j ? 110 : 80));
    });
    y -= 8;
  });
  return Buffer.from(await doc.save());
}
