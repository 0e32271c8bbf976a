import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Opens each newly visited screen at its top, as a page load would: without it a screen reached
 * from the menu kept the scroll of the long one before it (from the bot list at the foot of Bot
 * deployment, the Work panel opened half-way down). Back and forward (POP) are left to the browser.
 */
export function useScrollTopOnNavigate(): void {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
}
