import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** What the board does for its shortcuts (docs/product.md "The recruiter's workbench"). */
export type TBoardKeyActions = {
  /** The card with this id takes the board's Tab stop (it has the focus). */
  onCurrent: (id: number) => void;
  onToggle: (id: number, range: boolean) => void;
  onShortlist: (id: number) => void;
  onReject: (id: number) => void;
  onHelp: () => void;
  /** Escape with no dialog open: clears the selection. */
  onEscape: () => void;
  /** On a phone the columns are tabs: h/l (←/→) go to the tab beside, by -1 or +1. */
  onColumnStep?: (step: -1 | 1) => void;
};

const FREE_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** Whether the key goes to a text field (or a list box), where letters are typed, not shortcuts. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !FREE_INPUTS.has(target.type);
}

/** The cards one can reach, by column, in the page's order (a folded column's are not). */
function columnsOf(root: HTMLElement): HTMLElement[][] {
  const byColumn = new Map<string, HTMLElement[]>();
  for (const card of root.querySelectorAll<HTMLElement>('[data-card-id]')) {
    if (card.closest('details:not([open])')) continue;
    const column = card.dataset.column ?? '';
    byColumn.set(column, [...(byColumn.get(column) ?? []), card]);
  }
  return [...byColumn.values()];
}

/** A card opens on its own opener if it has one, else on its status history. */
function openCard(card: HTMLElement) {
  const opener = card.querySelector<HTMLElement>('[data-card-open]');
  if (opener) {
    opener.click();
    return;
  }
  const details = card.querySelector('details');
  if (details) {
    details.open = !details.open;
    details.querySelector<HTMLElement>('summary')?.focus();
    return;
  }
  card.querySelector<HTMLElement>('a[href]')?.focus();
}

/**
 * The board's keyboard shortcuts, while the focus is on the board (or nowhere) and not in a text
 * field or a dialog: j/k (↓/↑) between the cards of a column, h/l (←/→) between columns, Enter/o
 * opens the card, x/Space selects it (with Shift, a range), s shortlists, r rejects, ? the help,
 * Escape clears the selection. The cards keep one Tab stop (roving tabindex): the card focused
 * last, so that Tab goes through the page as it always did.
 */
export function useBoardKeys(root: RefObject<HTMLElement | null>, actions: TBoardKeyActions) {
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const focusCard = (card: HTMLElement | undefined) => {
      if (!card) return;
      latest.current.onCurrent(Number(card.dataset.cardId));
      card.focus();
      card.scrollIntoView?.({ block: 'nearest' });
    };

    function onKeyDown(e: KeyboardEvent) {
      const board = root.current;
      if (!board || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      const onBoard = target === document.body || (target !== null && board.contains(target));
      if (!onBoard || isTyping(target) || document.querySelector('dialog[open]')) return;
      if (target?.closest('[role="tablist"]') && e.key.startsWith('Arrow')) return; // the tabs' own

      const act = latest.current;
      const card = target?.closest<HTMLElement>('[data-card-id]') ?? null;
      const onCard = card !== null && target === card;
      const id = card ? Number(card.dataset.cardId) : null;
      const columns = columnsOf(board);
      const col = card ? columns.findIndex((c) => c.includes(card)) : -1;
      const row = col >= 0 ? columns[col]!.indexOf(card!) : -1;
      const handled = () => e.preventDefault();

      switch (e.key) {
        case 'j':
        case 'ArrowDown':
        case 'k':
        case 'ArrowUp': {
          const down = e.key === 'j' || e.key === 'ArrowDown';
          if (col < 0) {
            focusCard(columns.find((c) => c.length > 0)?.[0]);
          } else {
            const cards = columns[col]!;
            focusCard(cards[Math.min(cards.length - 1, Math.max(0, row + (down ? 1 : -1)))]);
          }
          handled();
          return;
        }
        case 'h':
        case 'ArrowLeft':
        case 'l':
        case 'ArrowRight': {
          const step = e.key === 'l' || e.key === 'ArrowRight' ? 1 : -1;
          if (act.onColumnStep) {
            act.onColumnStep(step);
            handled();
            return;
          }
          if (col < 0) {
            focusCard(columns[0]?.[0]);
          } else {
            let next = col + step;
            while (next >= 0 && next < columns.length && columns[next]!.length === 0) next += step;
            const cards = columns[next];
            if (cards) focusCard(cards[Math.min(row, cards.length - 1)]);
          }
          handled();
          return;
        }
        case 'Enter':
          if (!onCard) return; // Enter on a link or a button is theirs
          openCard(card);
          handled();
          return;
        case 'o':
          if (!card) return;
          openCard(card);
          handled();
          return;
        case ' ':
        case 'Spacebar':
          if (!onCard) return; // Space on a button or a checkbox is theirs
          act.onToggle(id!, e.shiftKey);
          handled();
          return;
        case 'x':
        case 'X':
          if (id === null) return;
          act.onToggle(id, e.shiftKey);
          handled();
          return;
        case 's':
          if (id === null) return;
          act.onShortlist(id);
          handled();
          return;
        case 'r':
          if (id === null) return;
          act.onReject(id);
          handled();
          return;
        case '?':
          act.onHelp();
          handled();
          return;
        case 'Escape':
          act.onEscape();
          return;
        default:
      }
    }

    function onFocusIn(e: FocusEvent) {
      const card = (e.target as HTMLElement | null)?.closest?.<HTMLElement>('[data-card-id]');
      if (card && root.current?.contains(card))
        latest.current.onCurrent(Number(card.dataset.cardId));
    }

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [root]);
}
