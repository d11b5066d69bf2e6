import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { renderScreen } from '../../test/render';
import { dialogShown } from '../errors/dialogSlice';
import { FormDialog } from './FormDialog';
import { TextField } from './TextField';

interface Values {
  name: string;
  city: string;
}

const schema = yup.object({
  name: yup.string().required('validation.field'),
  city: yup.string().required('validation.field'),
});

const REQUIRED = 'Obavezno polje';

/** A page with an add button and one form dialog that stays mounted between openings. */
function Host({ failSave = false }: { failSave?: boolean }) {
  const [visible, setVisible] = useState(false);
  const dispatch = useDispatch();
  return (
    <>
      <button type="button" onClick={() => setVisible(true)}>
        Dodaj
      </button>
      <FormDialog<Values>
        visible={visible}
        title="Nova stavka"
        initialValues={{ name: '', city: '' }}
        validationSchema={schema}
        onHide={() => setVisible(false)}
        onSubmit={async () => {
          if (!failSave) {
            setVisible(false);
            return;
          }
          // A browser drops focus to the page when the focused save button is disabled while saving.
          // (jsdom keeps focus on a disabled button, so a removed element stands in for it.)
          const lost = document.body.appendChild(document.createElement('input'));
          lost.focus();
          lost.remove();
          dispatch(dialogShown({ kind: 'error', titleKey: 'errors.title', messageKey: 'errors.generic' }));
          throw new Error('refused');
        }}
      >
        <TextField name="name" label="Naziv" required autoFocus />
        <TextField name="city" label="Grad" required />
      </FormDialog>
    </>
  );
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Dodaj' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nova stavka' });
  // Past PrimeReact's own first focus and the end of the enter transition.
  await waitFor(() => expect(dialog).toHaveClass('p-dialog-enter-done'));
  return dialog;
}

const errorsIn = (dialog: HTMLElement) => within(dialog).queryAllByText(REQUIRED);

describe('form dialog validation (spec §2)', () => {
  it('shows no required error when it opens, before anything was typed', async () => {
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await open(user);
    expect(errorsIn(dialog)).toHaveLength(0);
    expect(within(dialog).getByLabelText(/Naziv/)).toHaveFocus();
  });

  it('shows a field’s error once the user leaves it empty', async () => {
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await open(user);
    await user.click(within(dialog).getByLabelText(/Naziv/));
    await user.tab();
    expect(within(dialog).getByLabelText(/Grad/)).toHaveFocus();
    await waitFor(() => expect(errorsIn(dialog)).toHaveLength(1));
    expect(within(dialog).getByLabelText(/Naziv/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/Grad/)).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows every field’s error after a submit', async () => {
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(errorsIn(dialog)).toHaveLength(2));
    expect(await screen.findByText('Morate popuniti obavezna polja')).toBeInTheDocument();
  });

  it('starts clean again after closing: no errors, no typed text', async () => {
    const user = userEvent.setup();
    renderScreen(<Host />);
    let dialog = await open(user);
    await user.type(within(dialog).getByLabelText(/Grad/), 'Bar');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(errorsIn(dialog)).toHaveLength(1));

    await user.click(within(dialog).getByRole('button', { name: 'Odustani' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova stavka' })).not.toBeInTheDocument());

    dialog = await open(user);
    expect(errorsIn(dialog)).toHaveLength(0);
    expect(within(dialog).getByLabelText(/Grad/)).toHaveValue('');
  });

  it('starts clean again after a save closed it', async () => {
    const user = userEvent.setup();
    renderScreen(<Host />);
    let dialog = await open(user);
    await user.type(within(dialog).getByLabelText(/Naziv/), 'Alati');
    await user.click(within(dialog).getByLabelText(/Grad/));
    await user.tab();
    await waitFor(() => expect(errorsIn(dialog)).toHaveLength(1));
    await user.type(within(dialog).getByLabelText(/Grad/), 'Bar');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova stavka' })).not.toBeInTheDocument());

    dialog = await open(user);
    expect(within(dialog).getByLabelText(/Naziv/)).toHaveValue('');
    expect(errorsIn(dialog)).toHaveLength(0);
  });
});

describe('form dialog focus after the error dialog', () => {
  it('returns focus into the form dialog when the error dialog is acknowledged', async () => {
    const user = userEvent.setup();
    renderScreen(<Host failSave />);
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText(/Naziv/), 'Albanija');
    await user.type(within(dialog).getByLabelText(/Grad/), 'Tirana');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

    const error = await screen.findByRole('dialog', { name: 'Greška' });
    await user.click(within(error).getByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument());

    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(screen.getByRole('dialog', { name: 'Nova stavka' })).toBeInTheDocument();
    // Tab walks on inside the dialog, not the page behind it.
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});
