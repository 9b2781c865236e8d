import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogPanel } from './dialog';

/** A dialog mounted by a plain button rather than a Dialog.Trigger, like the feedback form. */
function OpenedWithoutTrigger() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Send feedback
      </button>
      {open && (
        <Dialog.Root open onOpenChange={(isOpen) => !isOpen && setOpen(false)}>
          <DialogPanel title="Send feedback" hasDescription={false}>
            <input aria-label="Title" />
          </DialogPanel>
        </Dialog.Root>
      )}
    </>
  );
}

describe('DialogPanel', () => {
  it('gives focus back to what opened it when there is no Dialog.Trigger', async () => {
    render(<OpenedWithoutTrigger />);
    const opener = screen.getByRole('button', { name: 'Send feedback' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Send feedback' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
