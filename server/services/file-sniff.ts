import { fileTypeFromBuffer } from 'file-type';

/** The MIME type read from a file's bytes (never from its name), or null when unknown. */
export async function sniffMime(body: Buffer): Promise<string | null> {
  const type = await fileTypeFromBuffer(body);
  return type?.mime ?? null;
}
