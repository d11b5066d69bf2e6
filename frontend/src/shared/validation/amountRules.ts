import * as yup from 'yup';
import { amountProblemKey, amountToApi } from '../format/amount';

// The amount rules of shared/validation (ADR 0024), in a module of their own so that a screen
// without amounts (the sign-in) does not load the amount parser with the other rules.

/**
 * An amount typed in the user's language (spec §5, §9; ADR 0024): required, up to 10 integer
 * digits and 3 decimals, not below 0; with `percent`, an optional trailing percent sign. Read with
 * the language's separators (shared/format/amount parseAmount); `message` is the form's own
 * "must be a number" (a price's "wrong price entered"), the other problems say what is wrong.
 */
export const amountRule = ({
  language,
  percent = false,
  message = 'validation.number',
}: {
  language: string;
  percent?: boolean;
  message?: string;
}) =>
  yup
    .string()
    .default('')
    .test('amount', message, function amount(value) {
      const key = amountProblemKey(value ?? '', language, { percent, numberMessage: message });
      return key === null || this.createError({ message: key });
    });

/**
 * A partner's cash in a campaign (spec §5: required, not below 0): the one rule of the stepper,
 * the add-partners dialog and the cash dialog, so a negative cash says the same thing in each.
 */
export const cashRule = (language: string) => amountRule({ language });

/** The catalogue key of what is wrong with a typed cash, or null (the tables' cells, outside Formik). */
export const cashProblem = (text: string | undefined, language: string): string | null => amountProblemKey(text ?? '', language);

/** A typed cash as the API takes it: the exact decimal text ('1.500,5' in Montenegrin is '1500.5'). */
export const cashToApi = (text: string, language: string): string => amountToApi(text, language);
