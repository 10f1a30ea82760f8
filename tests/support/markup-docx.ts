import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  InsertedTextRun,
  Packer,
  Paragraph,
  type ParagraphChild,
  TextRun,
} from 'docx';

/** What a bidder's counsel writes in Word: kept text, a tracked deletion or insertion, or words commented on. */
export type MarkupPart = string | { deleted: string } | { inserted: string } | { commented: string };

/** The author and time of every tracked change and comment of a mark-up. */
export const MARKUP_BY = { author: 'Buyer Counsel', date: '2026-11-27T10:00:00Z' };

/**
 * A DOCX mark-up made with the docx library, one paragraph per entry: tracked changes numbered in
 * order, and the commented words (at most one place) carrying the comment `note`.
 */
export function markupDocx(paragraphs: ReadonlyArray<string | MarkupPart[]>, note?: string): Promise<Buffer> {
  let id = 0;
  const run = (part: MarkupPart): ParagraphChild[] => {
    if (typeof part === 'string') return [new TextRun(part)];
    if ('deleted' in part) return [new DeletedTextRun({ text: part.deleted, id: ++id, ...MARKUP_BY })];
    if ('inserted' in part) return [new InsertedTextRun({ text: part.inserted, id: ++id, ...MARKUP_BY })];
    return [
      new CommentRangeStart(0),
      new TextRun(part.commented),
      new CommentRangeEnd(0),
      new TextRun({ children: [new CommentReference(0)] }),
    ];
  };
  const children = paragraphs.map((p) =>
    typeof p === 'string' ? new Paragraph(p) : new Paragraph({ children: p.flatMap(run) }),
  );
  return Packer.toBuffer(
    new Document({
      comments: {
        children: note ? [{ id: 0, author: MARKUP_BY.author, children: [new Paragraph(note)] }] : [],
      },
      sections: [{ children }],
    }),
  );
}

/**
 * The mark-up the import tests read, of an NDA's clauses (the mutual NDA's § 9 and § 5): two changes in
 * one sentence of § 9 (one thread), a comment `note` on § 5's first words, and an insertion in words
 * the NDA does not have (left out).
 */
export async function sectionNineMarkup<C extends { key: string; text: string }>(
  clauses: readonly C[],
  note: string,
): Promise<{ docx: Buffer; s9: C; s5: C; words: string[] }> {
  const s9 = clauses.find((c) => c.key === 's9')!;
  const s5 = clauses.find((c) => c.key === 's5')!;
  const [head, rest] = [s9.text.slice(0, 40), s9.text.slice(40)];
  const words = rest.split(' ');
  const docx = await markupDocx(
    [
      ...clauses.map((c): string | MarkupPart[] =>
        c === s9
          ? [
              head,
              { deleted: words[0]! },
              { inserted: 'NEWWORD' },
              ` ${words[1]} `,
              { deleted: words[2]! },
              ` ${words.slice(3).join(' ')}`,
            ]
          : c === s5
            ? [{ commented: c.text.slice(0, 30) }, c.text.slice(30)]
            : c.text,
      ),
      ['Zebra quantum harmonica. ', { inserted: 'Xylophone.' }],
    ],
    note,
  );
  return { docx, s9, s5, words };
}
