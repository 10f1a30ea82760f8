import { useReducedMotion } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the section the address names (/#features...) on arrival and on every navigation, and
 * moves focus there so keyboard and screen reader users land on it too; a navigation to / goes back
 * to the top.
 */
export function useHashScroll(): void {
  const location = useLocation();
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    const behavior: ScrollBehavior = reduceMotion ? 'auto' : 'smooth';
    if (!location.hash) {
      if (location.key !== 'default') window.scrollTo({ top: 0, behavior });
      return;
    }
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ behavior, block: 'start' });
    target.focus({ preventScroll: true });
  }, [location.key, location.hash, reduceMotion]);
}
