import { describe, expect, it } from 'vitest';
import { describeError } from './describeError';

const refused = (data: unknown) => ({ status: 422, data });

// Every 422 carries the errors map (ADR 0023); a refusal of the whole request is under "_".
describe('describeError on a 422', () => {
  it('shows the sentence of a refusal of the whole request once', () => {
    const sentence = 'An inactive slider cannot be shown.';
    expect(describeError(refused({ message: sentence, errors: { _: [sentence] } }))).toEqual({
      kind: 'error',
      titleKey: 'validation.error',
      serverMessages: [sentence],
    });
  });

  it('shows every field sentence and the whole-request ones', () => {
    const dialog = describeError(
      refused({ message: 'The given data was invalid.', errors: { name: ['The name field is required.'], _: ['Only a seminar takes sign-ups.'] } }),
    );
    expect(dialog.serverMessages).toEqual(['The name field is required.', 'Only a seminar takes sign-ups.']);
  });
});
