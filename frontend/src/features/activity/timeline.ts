import type { TFunction } from 'i18next';
import { FORM_TAB } from '../../shared/form/recordTabs';
import { TIMELINE_KINDS, type TimelineKind } from './types';

export const HISTORY_TAB = 'history';
export const TIMELINE_TAB = 'timeline';

/** The tabs a record's edit dialog shows: its form, its history and, for a partner, its timeline. */
export function tabsOf(resource: string): string[] {
  return resource === 'partners' ? [FORM_TAB, HISTORY_TAB, TIMELINE_TAB] : [FORM_TAB, HISTORY_TAB];
}

/** The kinds of a timeline item: the icon each shows beside its name. */
export const KIND_ICONS: Record<TimelineKind, string> = {
  partner: 'pi pi-briefcase',
  contact: 'pi pi-phone',
  support: 'pi pi-comments',
  account: 'pi pi-user',
  campaign_cash: 'pi pi-wallet',
  order: 'pi pi-shopping-cart',
  slider: 'pi pi-images',
  push: 'pi pi-bell',
  device: 'pi pi-mobile',
};

export const isKind = (kind: string): kind is TimelineKind => (TIMELINE_KINDS as readonly string[]).includes(kind);

/** A kind's name in the user's language; an unknown one as it came. */
export function kindLabel(kind: string, t: TFunction): string {
  return t(`activity.kinds.${kind}`, { defaultValue: kind });
}

/** The chart's ranges: the last 30 or 90 days, the last year, or everything. */
export const RANGES = ['30d', '90d', '1y', 'all'] as const;
export type RangeKey = (typeof RANGES)[number];

/** The start of a range counted back from now (undefined: no start). */
export function rangeStart(range: RangeKey, now: Date): Date | undefined {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (range === '30d') return new Date(day.getFullYear(), day.getMonth(), day.getDate() - 30);
  if (range === '90d') return new Date(day.getFullYear(), day.getMonth(), day.getDate() - 90);
  if (range === '1y') return new Date(day.getFullYear() - 1, day.getMonth(), day.getDate());
  return undefined;
}
