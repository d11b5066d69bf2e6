import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import sr from '../../locales/sr-Latn-ME.json';
import { TextAreaField } from '../form/TextAreaField';
import { TextField } from '../form/TextField';
import { hasControlCharacter, TEXT_LIMITS, textLength } from './rules';

describe('the shared text rule', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(textLength('😀ž')).toBe(2);
    expect(textLength('abc')).toBe(3);
  });

  it('refuses control characters; multi-line text keeps tabs and line breaks', () => {
    expect(hasControlCharacter('Ala\u0000ti')).toBe(true);
    expect(hasControlCharacter('Ala\u007fti')).toBe(true);
    expect(hasControlCharacter('Ala\u0085ti')).toBe(true);
    expect(hasControlCharacter('Ala\tti')).toBe(true);
    expect(hasControlCharacter('Prvi\r\n\tdrugi', true)).toBe(false);
    expect(hasControlCharacter('Prvi\u0000', true)).toBe(true);
    expect(hasControlCharacter('Šđčćž 😀')).toBe(false);
  });

  it('has a message for every limit in both languages', () => {
    for (const max of new Set(Object.values(TEXT_LIMITS))) {
      expect(sr.validation[`max_${max}` as keyof typeof sr.validation]).toContain(String(max));
      expect(en.validation[`max_${max}` as keyof typeof en.validation]).toContain(String(max));
    }
    expect(sr.validation.characters).toBeTruthy();
    expect(en.validation.characters).toBeTruthy();
    expect(sr.validation.max_id).toContain('9007199254740991');
    expect(en.validation.max_id).toContain('9007199254740991');
  });
});

function renderFields(initial: { name: string; description: string }) {
  render(
    <Formik initialValues={initial} onSubmit={() => undefined}>
      <>
        <TextField name="name" label="Naziv" />
        <TextAreaField name="description" label="Opis" />
      </>
    </Formik>,
  );
}

describe('length counter', () => {
  it('shows near the limit, turns red past it, and never cuts a paste short', async () => {
    const typist = userEvent.setup();
    renderFields({ name: 'a'.repeat(159), description: '' });
    const name = screen.getByLabelText('Naziv');
    expect(name).not.toHaveAttribute('maxlength');
    expect(screen.queryByText(/od 200 karaktera/)).not.toBeInTheDocument();

    await typist.type(name, 'b');
    const counter = screen.getByText('160 od 200 karaktera');
    expect(counter).not.toHaveClass('form-field__counter--over');
    expect(name.getAttribute('aria-describedby')).toContain(counter.id);

    await typist.click(name);
    await typist.paste('c'.repeat(50));
    expect(name).toHaveValue('a'.repeat(159) + 'b' + 'c'.repeat(50));
    expect(screen.getByText('210 od 200 karaktera')).toHaveClass('form-field__counter--over');
  });

  it('counts a description against its own limit', () => {
    renderFields({ name: '', description: 'ž'.repeat(1700) });
    expect(screen.getByText('1700 od 2000 karaktera')).toBeInTheDocument();
  });
});
