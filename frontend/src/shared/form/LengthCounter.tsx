import { useTranslation } from 'react-i18next';
import { textLength } from '../validation/rules';
import { counterId, counterShown } from './lengthLimit';

/**
 * "183 of 200 characters" under a field close to its limit, red past it. The input never cuts
 * a paste short (no maxLength attribute): the text stays whole and the form's message says why
 * it cannot be saved.
 */
export function LengthCounter({ id, value, max }: { id: string; value: string; max: number | undefined }) {
  const { t } = useTranslation();
  if (!counterShown(value, max)) return null;
  const length = textLength(value);
  return (
    <small id={counterId(id)} className={`form-field__counter${length > max ? ' form-field__counter--over' : ''}`}>
      {t('validation.length_counter', { length, max })}
    </small>
  );
}
