import { inflateRawSync } from 'node:zlib';
import { checkZipBudget, readZipDirectory, ZIP_LIMITS } from '../zip-inspect.js';

export type DocxProblem = 'not_docx' | 'too_large' | 'macros' | 'entities';

/** The parts of a DOCX a mark-up is read from: its text, its comments, and the declared content types. */
const WANTED = ['word/document.xml', 'word/comments.xml', '[Content_Types].xml'] as const;

/** A macro project, macro data or ActiveX control: never run, never kept, and the file is refused. */
const ACTIVE_PART = /(^|\/)(vbaProject\.bin|vbaData\.xml|activeX\/)/i;

/** A document type declaration or entity: no DOCX part needs one, and they are how XXE comes in. */
const DECLARATION = /<!(DOCTYPE|ENTITY)/i;

/**
 * The text parts of an uploaded DOCX, or why it is refused: not a ZIP holding word/document.xml, an
 * archive that unpacks past the upload limits (checkZipBudget, before anything is unpacked), a macro
 * or ActiveX part, or a part declaring a DTD or entities. Nothing else in the archive is read.
 */
export async function openDocx(
  body: Buffer,
): Promise<{ ok: true; parts: Map<string, string> } | { ok: false; problem: DocxProblem }> {
  const budget = await checkZipBudget(body);
  if (budget) return { ok: false, problem: budget === 'too_large' ? 'too_large' : 'not_docx' };
  const entries = readZipDirectory(body) ?? [];
  if (entries.some((e) => ACTIVE_PART.test(e.name))) return { ok: false, problem: 'macros' };
  const parts = new Map<string, string>();
  for (const entry of entries) {
    if (!(WANTED as readonly string[]).includes(entry.name)) continue;
    const at = entry.localOffset;
    if (at + 30 > body.length || body.readUInt32LE(at) !== 0x04034b50) return { ok: false, problem: 'not_docx' };
    const start = at + 30 + body.readUInt16LE(at + 26) + body.readUInt16LE(at + 28);
    const packed = body.subarray(start, start + entry.packedSize);
    let data: Buffer;
    try {
      if (entry.method === 0) data = packed;
      else if (entry.method === 8) data = inflateRawSync(packed, { maxOutputLength: ZIP_LIMITS.totalBytes });
      else return { ok: false, problem: 'not_docx' };
    } catch {
      return { ok: false, problem: 'not_docx' };
    }
    const text = data.toString('utf8');
    if (DECLARATION.test(text)) return { ok: false, problem: 'entities' };
    parts.set(entry.name, text);
  }
  if (!parts.has('word/document.xml')) return { ok: false, problem: 'not_docx' };
  if (/macroEnabled/i.test(parts.get('[Content_Types].xml') ?? '')) return { ok: false, problem: 'macros' };
  return { ok: true, parts };
}
