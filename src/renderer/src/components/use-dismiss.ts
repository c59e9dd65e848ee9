// A popover closes on Escape and on a press anywhere outside it (its anchor included in "inside",
// so the button that opened it can close it too). Focus goes back to where it came from.
import { type RefObject, useEffect } from 'react';

export function useDismiss(open: boolean, inside: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      close();
      if (opener && document.contains(opener)) opener.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (inside.current && !inside.current.contains(event.target as Node)) close();
    };
    // A blur of the window (a click into a preview's frame) is a press outside too.
    const onBlur = () => close();
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('blur', onBlur);
    };
  }, [open, inside, close]);
}
