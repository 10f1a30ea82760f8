import { XMLParser } from 'fast-xml-parser';

/** A tracked change, or several within one sentence, as a thread would carry it. */
export interface MarkupChange {
  /** The text before the change (the deleted words, or the sentence an insertion goes into). */
  quote: string;
  /** The same text after the change. */
  proposal: string;
  author: string;
  /** The paragraph's text before any change: where in the NDA the quote is looked for first. */
  context: string;
}

/** A Word comment and the words it is anchored at. */
export interface MarkupComment {
  quote: string;
  text: string;
  author: string;
  /** The paragraph's text before any change (empty for a comment anchored nowhere). */
  context: string;
}

export interface Markup {
  /** The document's text before any tracked change: what is compared with the NDA. */
  original: string;
  changes: MarkupChange[];
  comments: MarkupComment[];
}

type XmlNode = Record<string, unknown>;

/** Entities are refused before parsing (open-docx.ts); only the five XML ones are decoded. */
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  processEntities: true,
  htmlEntities: false,
});

const nameOf = (node: XmlNode) => Object.keys(node).find((k) => k !== ':@') ?? '';
const childrenOf = (node: XmlNode) => (Array.isArray(node[nameOf(node)]) ? (node[nameOf(node)] as XmlNode[]) : []);
const attrOf = (node: XmlNode, name: string) => (node[':@'] as Record<string, string> | undefined)?.[name];

interface Piece {
  kind: 'same' | 'ins' | 'del';
  text: string;
  author: string;
}

/** Every paragraph (w:p) under a node, in document order, tables included. */
function paragraphsOf(nodes: XmlNode[], into: XmlNode[] = []): XmlNode[] {
  for (const node of nodes) {
    if (nameOf(node) === 'w:p') into.push(node);
    else paragraphsOf(childrenOf(node), into);
  }
  return into;
}

/** A paragraph as pieces of unchanged, inserted and deleted text, and where each comment starts and ends. */
function readParagraph(paragraph: XmlNode) {
  const pieces: Piece[] = [];
  const ranges = new Map<string, { start?: number; end?: number }>();
  let offset = 0; // in the original text
  const add = (kind: Piece['kind'], text: string, author: string) => {
    const last = pieces.at(-1);
    if (last && last.kind === kind && last.author === author) last.text += text;
    else pieces.push({ kind, text, author });
    if (kind !== 'ins') offset += text.length;
  };
  const walk = (nodes: XmlNode[], kind: Piece['kind'], author: string) => {
    for (const node of nodes) {
      const name = nameOf(node);
      if (name === 'w:ins') walk(childrenOf(node), 'ins', attrOf(node, 'w:author') ?? '');
      else if (name === 'w:del') walk(childrenOf(node), 'del', attrOf(node, 'w:author') ?? '');
      else if (name === 'w:t' || name === 'w:delText')
        add(
          kind,
          childrenOf(node)
            .map((c) => String(c['#text'] ?? ''))
            .join(''),
          author,
        );
      else if (name === 'w:tab' || name === 'w:br') add(kind, ' ', author);
      else if (name === 'w:commentRangeStart' || name === 'w:commentRangeEnd') {
        const id = attrOf(node, 'w:id') ?? '';
        const range = ranges.get(id) ?? {};
        range[name === 'w:commentRangeStart' ? 'start' : 'end'] = offset;
        ranges.set(id, range);
      } else if (!name.endsWith('PrChange') && name !== 'w:instrText') walk(childrenOf(node), kind, author);
    }
  };
  walk(childrenOf(paragraph), 'same', '');
  return { pieces, ranges };
}

const SENTENCE_END = /[.!?;](\s|$)/;

/**
 * A paragraph's tracked changes, those within one sentence merged into one: each as the text it changes
 * and that text once changed. An insertion alone quotes the sentence it goes into (the one before, when it starts a sentence).
 */
function changesOf(pieces: Piece[]): Array<Omit<MarkupChange, 'context'>> {
  const groups: Array<{ from: number; to: number }> = [];
  for (const [i, p] of pieces.entries()) {
    if (p.kind === 'same') continue;
    const last = groups.at(-1);
    const between = last
      ? pieces
          .slice(last.to + 1, i)
          .map((x) => x.text)
          .join('')
      : '';
    if (last && !SENTENCE_END.test(between)) last.to = i;
    else groups.push({ from: i, to: i });
  }
  return groups.map(({ from, to }) => {
    const span = pieces.slice(from, to + 1);
    let quote = span.filter((p) => p.kind !== 'ins').map((p) => p.text);
    let proposal = span.filter((p) => p.kind !== 'del').map((p) => p.text);
    if (!quote.join('').trim()) {
      const before = pieces[from - 1]?.kind === 'same' ? pieces[from - 1]!.text : '';
      const after = pieces[to + 1]?.kind === 'same' ? pieces[to + 1]!.text : '';
      // Inserted at a sentence's start (or its end), it is read with the sentence before it.
      let head = before.slice(lastSentenceStart(before));
      const end0 = after.search(SENTENCE_END);
      if (!head.trim() && !(end0 < 0 ? after : after.slice(0, end0 + 1)).trim())
        head = before.slice(lastSentenceStart(before.trimEnd()));
      const tail = end0 < 0 ? after : after.slice(0, end0 + 1);
      quote = [head, tail];
      proposal = [head, ...proposal, tail];
    }
    return {
      quote: quote.join('').replace(/\s+/g, ' ').trim(),
      proposal: proposal.join('').replace(/\s+/g, ' ').trim(),
      author: span.find((p) => p.author)?.author ?? '',
    };
  });
}

function lastSentenceStart(text: string): number {
  let at = 0;
  for (const m of text.matchAll(/[.!?;]\s+/g)) at = m.index + m[0].length;
  return at;
}

/** The comments of comments.xml by id: author and text. */
function commentTexts(xml: string | undefined): Map<string, { author: string; text: string }> {
  const found = new Map<string, { author: string; text: string }>();
  if (!xml) return found;
  const visit = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      if (nameOf(node) !== 'w:comment') {
        visit(childrenOf(node));
        continue;
      }
      const text = paragraphsOf(childrenOf(node))
        .map((p) =>
          readParagraph(p)
            .pieces.filter((x) => x.kind !== 'del')
            .map((x) => x.text)
            .join(''),
        )
        .join('\n')
        .trim();
      found.set(attrOf(node, 'w:id') ?? '', { author: attrOf(node, 'w:author') ?? '', text });
    }
  };
  visit(parser.parse(xml) as XmlNode[]);
  return found;
}

/**
 * Reads a mark-up from a DOCX's document.xml and comments.xml (already checked by openDocx): the text
 * before the changes, every tracked change (merged within a sentence), and every comment with the words
 * it is anchored at. Formatting changes carry no words and are left out.
 */
export function readMarkup(parts: Map<string, string>): Markup {
  const paragraphs = paragraphsOf(parser.parse(parts.get('word/document.xml')!) as XmlNode[]).map(readParagraph);
  const texts = commentTexts(parts.get('word/comments.xml'));
  const comments: MarkupComment[] = [];
  const anchored = new Set<string>();
  for (const { pieces, ranges } of paragraphs) {
    const original = pieces
      .filter((p) => p.kind !== 'ins')
      .map((p) => p.text)
      .join('');
    for (const [id, range] of ranges) {
      const comment = texts.get(id);
      if (!comment || anchored.has(id)) continue;
      anchored.add(id);
      comments.push({
        ...comment,
        quote: original.slice(range.start ?? 0, range.end ?? original.length).trim(),
        context: original,
      });
    }
  }
  // A comment with no range in the text (a reply, or one anchored nowhere) has no words to quote.
  for (const [id, comment] of texts) if (!anchored.has(id)) comments.push({ ...comment, quote: '', context: '' });
  const originals = paragraphs.map(({ pieces }) =>
    pieces
      .filter((p) => p.kind !== 'ins')
      .map((p) => p.text)
      .join(''),
  );
  return {
    original: originals.join('\n'),
    changes: paragraphs.flatMap(({ pieces }, i) => changesOf(pieces).map((c) => ({ ...c, context: originals[i]! }))),
    comments,
  };
}
