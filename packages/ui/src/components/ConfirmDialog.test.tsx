import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProvider } from '../theme/UiProvider';
import { system } from '../theme/fullSystem';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({
  loading = false,
  confirmDisabled = false,
  finished = false,
  onConfirm,
}: {
  loading?: boolean;
  confirmDisabled?: boolean;
  finished?: boolean;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <UiProvider system={system}>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete the rule?"
        tone="danger"
        confirmLabel="Delete"
        loading={loading}
        confirmDisabled={confirmDisabled}
        finished={finished}
        onConfirm={onConfirm}
        trigger={<button type="button">Open</button>}
      >
        It cannot be undone.
      </ConfirmDialog>
    </UiProvider>
  );
}

describe('ConfirmDialog', () => {
  it('opens from its trigger as an alert dialog with the title, body and both buttons', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={() => undefined} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete the rule?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('It cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('Cancel closes without confirming; the confirm button calls onConfirm', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps Cancel disabled while the confirmed action is on its way', async () => {
    const user = userEvent.setup();
    render(<Harness loading onConfirm={() => undefined} />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('cannot confirm while confirmDisabled (a required field is empty)', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<Harness confirmDisabled onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const confirm = within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('once finished, offers only Close, which closes it', async () => {
    const user = userEvent.setup();
    render(<Harness finished onConfirm={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
