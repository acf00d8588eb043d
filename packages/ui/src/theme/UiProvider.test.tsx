import { act, render, screen } from '@testing-library/react';
import { UiProvider } from './UiProvider';
import { system } from './fullSystem';
import { notify, Toaster } from './toaster';

describe('UiProvider', () => {
  it('renders its children and, with the Toaster, shows a toast with its title', async () => {
    render(
      <UiProvider system={system}>
        <p>content</p>
        <Toaster />
      </UiProvider>,
    );
    expect(screen.getByText('content')).toBeInTheDocument();
    act(() => {
      notify('success', 'Saved', 'Everything is stored');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('Everything is stored')).toBeInTheDocument();
  });
});
