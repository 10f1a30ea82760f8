import type { DocumentClause } from '@shared/clause-split.js';
import type { SourceParagraph } from './locate-quote.js';

/** A document's clauses as paragraphs: each clause's number and heading, then its text. */
export function clauseParagraphs(clauses: readonly DocumentClause[]): SourceParagraph[] {
  return clauses.map((c) => ({ number: c.number, heading: c.heading, text: c.text }));
}
