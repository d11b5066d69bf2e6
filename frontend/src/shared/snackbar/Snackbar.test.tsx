import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from './SnackbarProvider';
import { SNACKBAR_LIFE, useSnackbar, type SnackbarApi } from './snackbarContext';

let api: SnackbarApi;
function Grab() {
  api = useSnackbar();
  return null;
}

afterEach(() => {
  vi.useRealTimers();
});

async function withLoadedHost() {
  render(
    <SnackbarProvider>
      <Grab />
    </SnackbarProvider>,
  );
  // The host loads with the first snackbar.
  act(() => api.success('Prvi'));
  await screen.findByText('Prvi');
  fireEvent.click(screen.getByRole('button', { name: /zatvori|close/i }));
  await waitFor(() => expect(screen.queryByText('Prvi')).not.toBeInTheDocument());
}

describe('snackbar', () => {
  it('closes after its time even while the pointer rests on it', async () => {
    await withLoadedHost();
    vi.useFakeTimers();
    act(() => api.success('Uspješno dodavanje'));
    const message = screen.getByText('Uspješno dodavanje');
    fireEvent.mouseEnter(message.closest('.p-toast-message')!);
    act(() => vi.advanceTimersByTime(SNACKBAR_LIFE + 100));
    // Then its exit animation.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Uspješno dodavanje')).not.toBeInTheDocument();
  });

  it('can be dismissed with its close button before its time', async () => {
    await withLoadedHost();
    act(() => api.error('Morate popuniti obavezna polja', 60_000));
    await screen.findByText('Morate popuniti obavezna polja');
    fireEvent.click(screen.getByRole('button', { name: /zatvori|close/i }));
    await waitFor(() => expect(screen.queryByText('Morate popuniti obavezna polja')).not.toBeInTheDocument());
  });

  it('shows the same snackbar once with a count instead of stacking copies', async () => {
    await withLoadedHost();
    act(() => api.error('Greška', 60_000));
    await screen.findByText('Greška');
    act(() => api.error('Greška', 60_000));
    act(() => api.error('Greška', 60_000));
    act(() => api.success('Sačuvano', 60_000));
    await screen.findByText('×3');
    // The copies it replaced are gone; another text is a snackbar of its own.
    await waitFor(() => expect(document.querySelectorAll('.p-toast-message')).toHaveLength(2));
    expect(screen.getByText('Greška').closest('.p-toast-message')).toHaveTextContent('Greška×3');
    expect(screen.getByText('Sačuvano')).toBeInTheDocument();

    // Once it has closed, the next one counts from one again.
    fireEvent.click(screen.getByText('Greška').closest('.p-toast-message')!.querySelector('button')!);
    await waitFor(() => expect(screen.queryByText('Greška')).not.toBeInTheDocument());
    act(() => api.error('Greška', 60_000));
    await screen.findByText('Greška');
    expect(screen.queryByText(/×\d/)).not.toBeInTheDocument();
  });
});
