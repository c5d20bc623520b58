import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { opensAtTop } from '../../lib/page-scroll.ts';

/** Every page opens at its top; back and forward keep the browser's restored scroll (lib/page-scroll.ts). */
export function ScrollOnNavigation() {
  const { pathname } = useLocation();
  const kind = useNavigationType();
  const previous = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (opensAtTop(previous.current, pathname, kind)) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    previous.current = pathname;
  }, [pathname, kind]);
  return null;
}
