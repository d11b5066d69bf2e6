import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik, type FormikProps } from 'formik';
import { describe, expect, it } from 'vitest';
import { DateField } from './DateField';
import { TextField } from './TextField';

interface Values {
  name: string;
  end_date: string | null;
}

/** A form with another field and a date, as the slider dialog has; answers the form's handle. */
function renderForm() {
  let form: FormikProps<Values> | undefined;
  render(
    <Formik<Values> initialValues={{ name: 'Baner', end_date: '2026-12-20' }} onSubmit={() => undefined}>
      {(props) => {
        form = props;
        return (
          <>
            <TextField name="name" label="Naziv" />
            <DateField name="end_date" label="Prikazuje se do" />
          </>
        );
      }}
    </Formik>,
  );
  return () => form!;
}

const panel = () => document.querySelector<HTMLElement>('.form-date-panel');
const shownMonth = () => panel()?.querySelector('.p-datepicker-title')?.textContent ?? '';

describe('date field', () => {
  it('keeps the month the user went to when the form renders again (another field validated)', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.click(screen.getByLabelText('Prikazuje se do'));
    await waitFor(() => expect(shownMonth()).toMatch(/2026/));
    const december = shownMonth();

    await user.click(panel()!.querySelector<HTMLElement>('.p-datepicker-next')!);
    await waitFor(() => expect(shownMonth()).not.toBe(december));
    const january = shownMonth();
    expect(january).toMatch(/2027/);

    // The other field's touch and validation render the form again, the date unchanged.
    await act(async () => {
      await form().setFieldTouched('name', true);
      await form().setFieldValue('name', 'Baner 2');
    });
    expect(shownMonth()).toBe(january);
  });
});
