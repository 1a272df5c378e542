import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { usePressOutside } from './use-press-outside';

/** Which item takes focus when the menu opens. */
type TOpenAt = 'first' | 'last';

const itemsOf = (menu: HTMLElement | null) =>
  Array.from(
    menu?.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"]') ?? [],
  );

/**
 * A menu button's state and keys (WAI-ARIA APG "menu button"): Enter, Space or ArrowDown open it
 * on the first item, ArrowUp on the last; in the menu ArrowUp/ArrowDown move (wrapping),
 * Home/End jump, a letter moves to the next item starting with it, Escape closes and returns
 * focus to the button, Tab closes and moves on from the button; a press outside closes it.
 */
export function useMenuButton() {
  const [openAt, setOpenAt] = useState<TOpenAt | null>(null);
  const open = openAt !== null;
  const buttonId = useId();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  // Opening moves focus into the menu.
  useEffect(() => {
    if (!openAt) return;
    const all = itemsOf(menu.current);
    all[openAt === 'first' ? 0 : all.length - 1]?.focus();
  }, [openAt]);

  // A press outside closes the menu (focus stays where the press put it).
  const close = useCallback(() => setOpenAt(null), []);
  usePressOutside(open, root, close);

  const closeToButton = () => {
    setOpenAt(null);
    button.current?.focus();
  };

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpenAt(e.key === 'ArrowDown' ? 'first' : 'last');
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpenAt(null);
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = itemsOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => all[(i + all.length) % all.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        focusAt(at + 1);
        break;
      case 'ArrowUp':
        focusAt(at < 0 ? -1 : at - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(-1);
        break;
      case 'Escape':
        closeToButton();
        break;
      case 'Tab':
        // Not prevented: from the button, the browser moves on to the next (or previous) control.
        closeToButton();
        return;
      default: {
        if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey || !/\S/.test(e.key)) return;
        const letter = e.key.toLocaleLowerCase();
        const next = [...all.slice(at + 1), ...all.slice(0, at + 1)].find((el) =>
          el.textContent?.trim().toLocaleLowerCase().startsWith(letter),
        );
        next?.focus();
      }
    }
    e.preventDefault();
  };

  const toggle = () => setOpenAt(open ? null : 'first');
  return {
    open,
    close,
    toggle,
    buttonId,
    menuId,
    root,
    button,
    menu,
    onButtonKeyDown,
    onMenuKeyDown,
  };
}
