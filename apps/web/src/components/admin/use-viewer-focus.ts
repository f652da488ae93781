import { useEffect, useRef, type RefObject } from 'react';

/**
 * A full-screen viewer's life: while it is open the page behind does not scroll, its close button
 * has the focus and every key goes to `onKey` (the latest one each render); on closing, the focus
 * returns to what opened it.
 */
export function useViewerFocus(closeRef: RefObject<HTMLButtonElement | null>, onKey: (event: KeyboardEvent) => void): void {
  const keyRef = useRef(onKey);
  useEffect(() => {
    keyRef.current = onKey;
  });
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const listener = (event: KeyboardEvent) => keyRef.current(event);
    document.addEventListener('keydown', listener);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', listener);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [closeRef]);
}
