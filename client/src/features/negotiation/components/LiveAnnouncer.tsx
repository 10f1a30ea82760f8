import { VisuallyHidden } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';

type Announce = (message: string) => void;

const AnnounceContext = createContext<Announce>(() => undefined);

/** Says `message` through the review page's live region, politely: it never moves the focus. */
export function useAnnounce(): Announce {
  return useContext(AnnounceContext);
}

/**
 * The review page's one live region (polite): what the other side does (a new comment, a reply, a
 * move, a signature) and the page now shown are read out after what the user is doing, without taking
 * the focus away. The same words twice in a row are read twice.
 */
export function LiveAnnouncer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const announce = useCallback<Announce>((text) => {
    window.clearTimeout(timer.current);
    // Emptied first, then filled: screen readers read a change, even to the same words.
    setMessage('');
    timer.current = window.setTimeout(() => setMessage(text), 50);
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
        {message}
      </VisuallyHidden>
    </AnnounceContext.Provider>
  );
}
