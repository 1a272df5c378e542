import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '@/components/ui/dialog';

/** A page with a button that opens a dialog, as the board's move buttons do. */
function Page({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Reject Ana</button>
      <Dialog
        open={open}
        title="Reject Ana?"
        onClose={() => setOpen(false)}
        dismissible={dismissible}
        actions={<button onClick={() => setOpen(false)}>Cancel</button>}
      >
        Ana will read the reason.
      </Dialog>
    </>
  );
}

const dialogOf = () => document.querySelector('dialog')!;

describe('a dialog closed with Escape', () => {
  it('is closed in the page before the browser would hand focus back, so the next key reopens it', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject Ana' }));
    expect(dialogOf().open).toBe(true);
    // Escape: the browser's cancel event. The page closes the dialog through its own state, at
    // once; the browser's own close (and its later close event) is not waited for.
    let cancel!: Event;
    act(() => {
      cancel = new Event('cancel', { cancelable: true });
      dialogOf().dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialogOf().open).toBe(false);
    expect(screen.queryByText('Ana will read the reason.')).not.toBeInTheDocument();
    // The key pressed right after (Enter on the button) opens it again.
    fireEvent.click(screen.getByRole('button', { name: 'Reject Ana' }));
    expect(dialogOf().open).toBe(true);
    expect(screen.getByText('Ana will read the reason.')).toBeInTheDocument();
    // The browser's close event of the first closing arrives a task later, once it is open
    // again: it closes nothing.
    act(() => {
      dialogOf().dispatchEvent(new Event('close'));
    });
    expect(dialogOf().open).toBe(true);
    expect(screen.getByText('Ana will read the reason.')).toBeInTheDocument();
  });

  it('stays open while an action runs', () => {
    render(<Page dismissible={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject Ana' }));
    act(() => {
      dialogOf().dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(dialogOf().open).toBe(true);
  });
});
