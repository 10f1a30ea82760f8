import { useEffect, useState } from 'react';
import { restBlob } from './rest';

interface Entry {
  promise: Promise<string | null>;
  objectUrl: string | null;
  users: number;
  revokeTimer?: ReturnType<typeof setTimeout>;
}

/**
 * The one blob cache: one download and one object URL per file URL however many components show it
 * (the nav avatar and the account card show the same photo). The server versions file URLs (`?v=`),
 * so a URL never changes its content.
 */
const entries = new Map<string, Entry>();
/** A remount right after an unmount (StrictMode, a re-keyed list) reuses the object URL. */
const REVOKE_GRACE_MS = 2_000;

function acquire(url: string): Entry {
  let entry = entries.get(url);
  if (!entry) {
    const created: Entry = { objectUrl: null, users: 0, promise: Promise.resolve(null) };
    created.promise = restBlob(url).then(
      (blob) => {
        created.objectUrl = URL.createObjectURL(blob);
        return created.objectUrl;
      },
      () => {
        // Gone, or not ours to see: the caller shows its fallback; a later mount tries again.
        entries.delete(url);
        return null;
      },
    );
    entries.set(url, created);
    entry = created;
  }
  clearTimeout(entry.revokeTimer);
  entry.users += 1;
  return entry;
}

function release(url: string, entry: Entry): void {
  entry.users -= 1;
  if (entry.users > 0) return;
  entry.revokeTimer = setTimeout(() => {
    if (entry.users > 0) return;
    if (entries.get(url) === entry) entries.delete(url);
    if (entry.objectUrl) URL.revokeObjectURL(entry.objectUrl);
  }, REVOKE_GRACE_MS);
}

/**
 * A file the API serves only with the bearer token (avatar, signature, template preview) as an object
 * URL an <img> can show, revoked when the last component showing it unmounts. `src` is null while
 * loading, when the URL is null, or when the file cannot be loaded (`failed`).
 */
export function useBlobUrl(url: string | null | undefined): { src: string | null; loading: boolean; failed: boolean } {
  const [loaded, setLoaded] = useState<{ url: string; src: string | null } | null>(null);

  useEffect(() => {
    if (!url) return;
    let active = true;
    const entry = acquire(url);
    void entry.promise.then((src) => {
      if (active) setLoaded({ url, src });
    });
    return () => {
      active = false;
      release(url, entry);
    };
  }, [url]);

  if (!url) return { src: null, loading: false, failed: false };
  if (loaded?.url !== url) return { src: null, loading: true, failed: false };
  return { src: loaded.src, loading: false, failed: loaded.src === null };
}
