import { useEffect, useState } from 'react';

/** The window's width, updated once resizing pauses for `debounceMs` (spec §9: 300 ms). */
export function useViewportWidth(debounceMs: number): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), debounceMs);
    };
    window.addEventListener('resize', onResize);
    // The first read may predate the first layout (a page opened in the background); read once more.
    setWidth(window.innerWidth);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [debounceMs]);
  return width;
}
