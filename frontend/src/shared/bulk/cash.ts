import * as yup from 'yup';
import { cashRule, cashToApi } from '../validation/amountRules';
import { parsePercent } from './percent';
import type { BulkExtra } from './types';

export interface CashValues {
  mode: 'set' | 'percent';
  cash: string;
  percent: string;
}

export const CASH_START: CashValues = { mode: 'set', cash: '', percent: '' };

/** The cash dialog's schema: the amount rule for one amount, the percentage rule for a change. */
export const cashValuesSchema = (language: string) =>
  yup.object({
    mode: yup.string().oneOf(['set', 'percent']).required(),
    cash: yup.string().when('mode', { is: 'set', then: () => cashRule(language), otherwise: (s) => s.strip() }),
    percent: yup.string().when('mode', {
      is: 'percent',
      then: (s) =>
        s.test('percent', 'bulk.percent_invalid', function percent(value) {
          const parsed = parsePercent(value ?? '', language);
          return parsed.ok || this.createError({ message: parsed.key });
        }),
    }),
  });

/** The values as the bulk call takes them: `cash` (the API's exact amount) or a signed `percent`. */
export function cashExtra(values: CashValues, language: string): BulkExtra {
  if (values.mode === 'set') return { cash: cashToApi(values.cash, language) };
  const parsed = parsePercent(values.percent, language);
  return { percent: parsed.ok ? parsed.value : values.percent.trim() };
}
