import { useState } from 'react';
import type { Size } from '@shared/pointer-geometry';

/**
 * The page a document viewer shows, how many it has, and each page's size as first drawn (the
 * signature fields panel measures its boxes against it): the state every NdaPdfViewer keeps.
 */
export function useDocumentPages() {
  const [page, setPage] = useState(1);
  const [numPages, setNumPages] = useState(0);
  const [pageBoxes, setPageBoxes] = useState<Record<number, Size>>({});
  return {
    page,
    setPage,
    numPages,
    pageBoxes,
    /** The document loaded: the page shown stays within it. */
    onNumPages: (n: number) => {
      setNumPages(n);
      setPage((p) => Math.min(Math.max(1, p), n));
    },
    onPageBox: (n: number, box: Size) => setPageBoxes((all) => (all[n] ? all : { ...all, [n]: box })),
  };
}
