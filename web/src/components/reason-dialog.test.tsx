import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@web/lib/api';
import { renderPage } from '@web/features/auth/test-utils';
import { Button } from '@web/components/ui/button';
import { ReasonDialog } from './reason-dialog';

afterEach(() => vi.restoreAllMocks());

function problem(message: string): ApiError {
  return new ApiError(
    400,
    'Bad Request',
    JSON.stringify({ type: 'about:blank', title: 'Invalid', status: 400, errors: [{ field: 'reason', message }] }),
  );
}

describe('ReasonDialog', () => {
  it('shows the server field message and stays open, then sends, closes, forgets the text and hands focus back', async () => {
    const send = vi
      .fn<(reason: string) => Promise<unknown>>()
      .mockRejectedValueOnce(problem('Reason must be at most 500 characters'))
      .mockResolvedValueOnce({});
    const onSent = vi.fn(() => undefined);
    renderPage(
      <ReasonDialog
        trigger={<Button>Report</Button>}
        title="Report this review"
        description="The reviewer is not told who reported it."
        fieldId="report-r1"
        submitLabel="Send report"
        pendingLabel="Sending..."
        send={send}
        onSent={onSent}
      />,
      { route: '/' },
    );
    const trigger = screen.getByRole('button', { name: 'Report' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Report this review' });
    expect(dialog).toHaveAccessibleDescription('The reviewer is not told who reported it.');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Off topic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText('Reason must be at most 500 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(onSent).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(send).toHaveBeenLastCalledWith('Off topic');
    expect(onSent).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    expect(screen.getByLabelText('Reason')).toHaveValue('');
    expect(screen.queryByText('Reason must be at most 500 characters')).not.toBeInTheDocument();
  });
});
