import type { TFunction } from 'i18next';
import { FIGURE, formatAmount } from '../../shared/format/amount';
import { formatIsoDate, toIsoDate } from '../../shared/format/date';
import { isSecret, type ActivityEvent, type Change } from './types';

/**
 * The fields whose values are money (the partner's six figures, a campaign's cash, prices,
 * amounts spent): the API writes them exactly ("120000.5", "5%"); they are shown in the
 * language's number format with the percent sign kept.
 */
export const AMOUNT_FIELDS: ReadonlySet<string> = new Set([
  'bonus',
  'debt',
  'payment',
  'tool_cash',
  'annual_plan',
  'money_circulation',
  'price',
  'cash',
  'spent',
  'value',
]);

/** A field's name in the user's language; an unknown field as the API names it. */
export function fieldLabel(field: string, t: TFunction): string {
  return t(`activity.fields.${field}`, { defaultValue: field });
}

/** A resource's name in the user's language; an unknown one as it came. */
export function resourceLabel(resource: string, t: TFunction): string {
  return t(`activity.resources.${resource}`, { defaultValue: resource });
}

/** An action's name in the user's language; an unknown one as it came. */
export function actionLabel(action: string, t: TFunction): string {
  return t(`activity.actions.${action}`, { defaultValue: action });
}

/**
 * The fields whose values are codes the screens name in the user's language, with the
 * catalogue's group of names: a push delivery's state (pending, delivered, failed).
 */
const CODE_FIELDS: Readonly<Record<string, string>> = { state: 'activity.delivery_states' };

/**
 * One value of a change as the user reads it: an amount in the language's format (1.600,5 in
 * Montenegrin, 1,600.5 in English; a percent figure keeps its sign), a flag as yes/no, a
 * delivery's state by its name, no value as a dash, anything else as it came.
 */
export function formatChangeValue(field: string, value: string | null, language: string, t: TFunction): string {
  if (value === null || value === '') return t('activity.no_value');
  if (AMOUNT_FIELDS.has(field)) return formatAmount(value, language, FIGURE);
  if (field in CODE_FIELDS) return t(`${CODE_FIELDS[field]}.${value}`, { defaultValue: value });
  if (value === 'true') return t('activity.yes');
  if (value === 'false') return t('activity.no');
  return value;
}

/** A change as the event dialog's table row shows it. */
export type ChangeView =
  | { field: string; label: string; secret: true; text: string }
  | { field: string; label: string; secret: false; from: string; to: string };

/** A change for the dialog: a secret one reads "changed" and shows no values. */
export function describeChange(change: Change, language: string, t: TFunction): ChangeView {
  const label = fieldLabel(change.field, t);
  if (isSecret(change)) return { field: change.field, label, secret: true, text: t('activity.changed') };
  return {
    field: change.field,
    label,
    secret: false,
    from: formatChangeValue(change.field, change.from, language, t),
    to: formatChangeValue(change.field, change.to, language, t),
  };
}

/** How many changed fields the list's summary names before "+n". */
const SUMMARY_FIELDS = 3;

/**
 * The list's short summary of an event: a single value change as "field: old → new", else the
 * names of the changed fields (the first three and how many more).
 */
export function changeSummary(event: ActivityEvent, language: string, t: TFunction): string {
  const changes = event.changes;
  if (changes.length === 0) return '';
  if (changes.length === 1) {
    const view = describeChange(changes[0], language, t);
    return view.secret ? `${view.label}: ${view.text}` : `${view.label}: ${view.from} → ${view.to}`;
  }
  const names = changes.slice(0, SUMMARY_FIELDS).map((c) => fieldLabel(c.field, t));
  const more = changes.length - SUMMARY_FIELDS;
  return more > 0 ? `${names.join(', ')} ${t('activity.more', { n: more })}` : names.join(', ');
}

/** Who made the change: the user's name, the partner's name marked as a partner, or the system. */
export function actorLabel(event: ActivityEvent, t: TFunction): string {
  const { actor } = event;
  if (actor.kind === 'system') return t('activity.system');
  if (actor.kind === 'partner') return t('activity.partner_actor', { name: actor.name });
  return actor.name;
}

/**
 * The event's time in the user's time zone and language, to the second: the day as the
 * calendars write it (24.11.2026. in Montenegrin, 11/24/2026 in English), then the time.
 */
export function formatEventTime(at: string, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
  return `${formatIsoDate(toIsoDate(date), language)} ${time}`;
}
