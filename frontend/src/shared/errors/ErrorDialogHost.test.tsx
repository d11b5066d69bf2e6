import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { describeError } from './describeError';
import { dialogShown } from './dialogSlice';

describe('error dialog', () => {
  it('435: the spec’s text and the server’s reason are two sentences, not one run-on line', async () => {
    const { store } = renderScreen(<p>screen</p>);
    const content = describeError({ status: 435, data: { message: 'The country has active cities.' } });
    act(() => {
      store.dispatch(dialogShown(content));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Greška' });
    const body = dialog.querySelector('.p-dialog-content')!;
    expect(body.textContent).toBe('Izmjene zabranjene, koristi se u evidencijama. Država ima aktivne gradove.');
    expect(body.querySelectorAll('p.app-dialog__text')).toHaveLength(2);
  });
});
