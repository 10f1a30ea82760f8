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
