/** A modal dialog's keyboard (create table, rules, leaving a table), one hook for every modal. */
import { type RefObject, useEffect, useRef } from 'react';

/**
 * A modal's keyboard: focus moves into it when it opens, Escape closes it, Tab and Shift+Tab go round
 * inside it instead of leaving it.
 */
export function useDialogKeys(box: RefObject<HTMLElement | null>, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const focusable = () =>
      [
        ...el.querySelectorAll<HTMLElement>(
          'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, summary, [href], [tabindex]:not([tabindex="-1"])',
        ),
      ].filter((x) => x.offsetParent !== null || x === document.activeElement);
    focusable()[0]?.focus();
    const on = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = focusable();
      if (list.length === 0) return;
      const first = list[0];
      const last = list[list.length - 1];
      const at = document.activeElement;
      if (e.shiftKey && (at === first || !el.contains(at))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (at === last || !el.contains(at))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', on);
    return () => document.removeEventListener('keydown', on);
  }, [box]);
}
