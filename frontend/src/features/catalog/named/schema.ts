import * as yup from 'yup';
import { entityNameRule } from '../../../shared/validation/rules';

/** Countries and categories (spec §5): required, at least 2 characters, not starting with a digit. */
export const namedSchema = () => yup.object({ name: entityNameRule() });

export interface NamedFormValues {
  name: string;
}
