/**
 * Reading words off a rendered page: pdf.js draws the page's text as a transparent text layer over
 * the canvas, so the browser's own selection works on it. These helpers turn a selection, or the
 * sentence around a word, into the quote of a comment.
 */

/** The longest stretch taken either side of a pressed word when looking for its sentence's ends. */
const MAX_REACH = 900;

/** The words selected inside `page`, with the first one's box; null when none. */
export function selectionIn(page: HTMLElement): { text: string; first: DOMRect | null } | null {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || !selection.rangeCount) return null;
  const range = selection.getRangeAt(0);
  if (!page.contains(range.commonAncestorContainer)) return null;
  const text = selection.toString().replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const first = [...range.getClientRects()].find((r) => r.width > 0 && r.height > 0) ?? null;
  return { text, first };
}

/** The text position under a point of the window, where the browser can tell. */
function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  if (document.caretPositionFromPoint) {
    const p = document.caretPositionFromPoint(x, y);
    return p ? { node: p.offsetNode, offset: p.offset } : null;
  }
  // Safari before 18.2 has only the older name.
  const legacy = (document as { caretRangeFromPoint?: (x: number, y: number) => Range | null }).caretRangeFromPoint;
  const r = legacy?.call(document, x, y);
  return r ? { node: r.startContainer, offset: r.startOffset } : null;
}

/**
 * The sentence around the word at (x, y) of the window, as a range over `textLayer`'s text: from
 * after the previous full stop, question or exclamation mark (followed by a space or the end of a run
 * of text) to its own. Null when no text of the layer is there.
 */
export function sentenceRangeAt(textLayer: HTMLElement, x: number, y: number): Range | null {
  const caret = caretAt(x, y);
  if (!caret || caret.node.nodeType !== Node.TEXT_NODE || !textLayer.contains(caret.node)) return null;
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(textLayer, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  // The layer's runs of text end to end, each followed by a line break (runs are lines or parts of one).
  const starts: number[] = [];
  let full = '';
  for (const node of nodes) {
    starts.push(full.length);
    full += `${node.data}\n`;
  }
  const hit = starts[nodes.indexOf(caret.node as Text)]! + caret.offset;
  const endsSentence = (i: number) => /[.!?]/.test(full[i]!) && (i + 1 >= full.length || /\s/.test(full[i + 1]!));

  let start = hit;
  while (start > 0 && hit - start < MAX_REACH && !endsSentence(start - 1)) start--;
  while (start < hit && /\s/.test(full[start]!)) start++;
  let end = hit;
  while (end < full.length && end - hit < MAX_REACH && !endsSentence(end)) end++;
  end = Math.min(end + 1, full.length);
  while (end > start && /\s/.test(full[end - 1]!)) end--;
  if (end <= start) return null;

  const at = (offset: number) => {
    let i = starts.length - 1;
    while (i > 0 && starts[i]! > offset) i--;
    return { node: nodes[i]!, offset: Math.min(offset - starts[i]!, nodes[i]!.data.length) };
  };
  const from = at(start);
  const to = at(end);
  const range = document.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  return range;
}
