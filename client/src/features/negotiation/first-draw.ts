const marked = new Set<string>();

/**
 * Marks, once per page load, when the NDA's first page and its pointers are on screen
 * (performance.mark 'nda-first-page' and 'nda-first-pointers'): the client benchmark reads them.
 */
export function markFirstDraw(what: 'page' | 'pointers'): void {
  if (marked.has(what) || typeof performance === 'undefined') return;
  marked.add(what);
  // After the browser's next frame: the canvas drawn in this task is then on screen.
  requestAnimationFrame(() => performance.mark(`nda-first-${what}`));
}
