/**
 * What files of signed NDAs are called, on the server (the download's Content-Disposition, the entries
 * of a project's ZIP) and in the client (the name a download is saved under): one rule for all.
 */

/** A part of a file name: no control character, no path separator or character a file system refuses. */
function namePart(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/[/\\]+/g, '-')
      .replace(/[:*?"<>|]+/g, '_')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '') || '-'
  );
}

/** `<project> - <group> - <NDA name> (signed).pdf` */
export function signedNdaFilename(parts: { project: string; group: string; nda: string }): string {
  return `${namePart(parts.project)} - ${namePart(parts.group)} - ${namePart(parts.nda)} (signed).pdf`;
}

/** Every signed NDA of a project in one archive: `<project> - signed NDAs.zip`. */
export function signedNdasArchiveName(project: string): string {
  return `${namePart(project)} - signed NDAs.zip`;
}

/** The NDA as a Word redline, its negotiation as tracked changes and comments: `<NDA name> (redline).docx`. */
export function redlineFilename(nda: string): string {
  return `${namePart(nda)} (redline).docx`;
}

/** The NDA's own document, before signing: `<NDA name>.pdf`. */
export function ndaFilename(nda: string): string {
  return `${namePart(nda)}.pdf`;
}

/**
 * Names made unique for one folder (a ZIP's entries), in order: the second `a.pdf` becomes `a (2).pdf`,
 * compared without regard to case as most file systems do.
 */
export function uniqueFilenames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
