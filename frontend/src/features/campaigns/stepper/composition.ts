import { CASH_PATTERN } from '../../../shared/validation/rules';
import type { CampaignComposition, CompositionBody, Named } from './types';

/** A partner chosen in step 2: its name (for the pruning message) and its own categories (for pruning). */
export interface ChosenPartner {
  id: number;
  name: string;
  categoryIds: readonly number[];
}

/**
 * What the stepper holds while the user composes: the chosen categories, partners and products,
 * and the cash typed for any partner (a deselected partner keeps its cash, so choosing it again
 * or undoing a pruning brings it back).
 */
export interface Draft {
  categories: Named[];
  /** In the order chosen. */
  partners: ReadonlyMap<number, ChosenPartner>;
  cash: Readonly<Record<number, string>>;
  products: Named[];
}

export const EMPTY_DRAFT: Draft = { categories: [], partners: new Map(), cash: {}, products: [] };

/** A number of the API (a number or its text) as the cash field shows it. */
function amountText(value: number | string): string {
  return typeof value === 'number' ? String(value) : value.trim();
}

/** The draft a loaded campaign starts from. */
export function draftOf(campaign: CampaignComposition): Draft {
  const partners = new Map<number, ChosenPartner>();
  const cash: Record<number, string> = {};
  for (const p of campaign.partners) {
    partners.set(p.id, { id: p.id, name: p.name, categoryIds: p.category_ids ?? [] });
    cash[p.id] = amountText(p.pivot.cash);
  }
  return {
    categories: campaign.categories.map(({ id, name }) => ({ id, name })),
    partners,
    cash,
    products: campaign.products.map(({ id, name }) => ({ id, name })),
  };
}

/**
 * Spec §4 (matched by category id, issue 12): of the chosen partners, those that belong to none
 * of the remaining categories are pruned; the others are kept. Pure, in the order given.
 */
export function pruneByCategories(
  partners: Iterable<ChosenPartner>,
  remainingCategoryIds: Iterable<number>,
): { kept: ChosenPartner[]; pruned: ChosenPartner[] } {
  const remaining = new Set(remainingCategoryIds);
  const kept: ChosenPartner[] = [];
  const pruned: ChosenPartner[] = [];
  for (const p of partners) {
    (p.categoryIds.some((c) => remaining.has(c)) ? kept : pruned).push(p);
  }
  return { kept, pruned };
}

/** What deselecting categories did: the removed categories and the partners they took along. */
export interface Pruning {
  categories: Named[];
  partners: ChosenPartner[];
}

/**
 * Deselects the categories of removedIds and prunes the partners in none of the remaining ones.
 * The pruned partners keep their cash in the draft, so undoPruning can restore them.
 */
export function removeCategories(draft: Draft, removedIds: Iterable<number>): { draft: Draft; pruning: Pruning } {
  const removed = new Set(removedIds);
  const categories = draft.categories.filter((c) => !removed.has(c.id));
  const removedCategories = draft.categories.filter((c) => removed.has(c.id));
  const { kept, pruned } = pruneByCategories(
    draft.partners.values(),
    categories.map((c) => c.id),
  );
  const partners = pruned.length === 0 ? draft.partners : new Map(kept.map((p) => [p.id, p]));
  return { draft: { ...draft, categories, partners }, pruning: { categories: removedCategories, partners: pruned } };
}

/** Undo of a pruning: its categories chosen again and its partners back, with the cash they had. */
export function undoPruning(draft: Draft, pruning: Pruning): Draft {
  const have = new Set(draft.categories.map((c) => c.id));
  const categories = [...draft.categories, ...pruning.categories.filter((c) => !have.has(c.id))];
  const partners = new Map(draft.partners);
  for (const p of pruning.partners) if (!partners.has(p.id)) partners.set(p.id, p);
  return { ...draft, categories, partners };
}

/** The catalogue key of a cash's error (spec §5: required, ≥ 0, 10 digits and 3 decimals), or null. */
export function cashError(text: string | undefined): 'validation.field' | 'validation.number' | null {
  const value = (text ?? '').trim();
  if (value === '') return 'validation.field';
  return CASH_PATTERN.test(value) ? null : 'validation.number';
}

/** The cash as the API takes it: trimmed, a decimal comma as a point. */
export function cashValue(text: string): string {
  return text.trim().replace(',', '.');
}

/** A valid cash in thousandths, exactly (no float). */
function thousandths(text: string): bigint {
  const [whole, fraction = ''] = cashValue(text).split('.');
  return BigInt(whole) * 1000n + BigInt((fraction + '000').slice(0, 3));
}

/** The exact sum of the valid cash amounts among texts, as a decimal text ('1250.5'); invalid ones count as 0. */
export function cashTotal(texts: Iterable<string | undefined>): string {
  let sum = 0n;
  for (const text of texts) if (text !== undefined && cashError(text) === null) sum += thousandths(text);
  const whole = sum / 1000n;
  const fraction = (sum % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * The chosen partners in none of the chosen categories: a partner whose own categories changed
 * since it joined the campaign (ADR 0019). Step 2's table cannot show them, and the save would
 * refuse them (422), so the stepper names them and offers to remove them.
 */
export function partnersOutside(draft: Draft): ChosenPartner[] {
  return pruneByCategories(
    draft.partners.values(),
    draft.categories.map((c) => c.id),
  ).pruned;
}

/**
 * Where the draft cannot be saved: no category, the chosen partners whose cash is missing or
 * wrong, the chosen partners outside the chosen categories.
 */
export interface DraftProblems {
  noCategory: boolean;
  badCash: ChosenPartner[];
  outside: ChosenPartner[];
}

export function draftProblems(draft: Draft): DraftProblems {
  const badCash = [...draft.partners.values()].filter((p) => cashError(draft.cash[p.id]) !== null);
  const noCategory = draft.categories.length === 0;
  return { noCategory, badCash, outside: noCategory ? [] : partnersOutside(draft) };
}

export const hasProblems = (p: DraftProblems) => p.noCategory || p.badCash.length > 0 || p.outside.length > 0;

/** The save's body (PUT /api/campaignDetails/{id}). */
export function compositionBody(draft: Draft): CompositionBody {
  return {
    partners: [...draft.partners.values()].map((p) => ({ partner_id: p.id, cash: cashValue(draft.cash[p.id] ?? '') })),
    categories: draft.categories.map((c) => ({ category_id: c.id })),
    products: draft.products.map((p) => ({ product_id: p.id })),
  };
}

/** The three parts of a draft that a conflict compares (ADR 0011). */
export type DraftPart = 'categories' | 'partners' | 'products';
export const DRAFT_PARTS: readonly DraftPart[] = ['categories', 'partners', 'products'];

const sameIds = (a: readonly Named[], b: readonly Named[]) => {
  const ids = new Set(a.map((x) => x.id));
  return a.length === b.length && b.every((x) => ids.has(x.id));
};

/** Whether two drafts hold the same part: the same ids (and, for partners, the same cash). */
export function samePart(a: Draft, b: Draft, part: DraftPart): boolean {
  if (part === 'categories') return sameIds(a.categories, b.categories);
  if (part === 'products') return sameIds(a.products, b.products);
  if (a.partners.size !== b.partners.size) return false;
  for (const id of a.partners.keys()) {
    if (!b.partners.has(id)) return false;
    if (cashValue(a.cash[id] ?? '') !== cashValue(b.cash[id] ?? '')) return false;
  }
  return true;
}

/** target with one part taken from source (a partner part brings its cash along). */
export function withPart(target: Draft, source: Draft, part: DraftPart): Draft {
  if (part === 'categories') return { ...target, categories: source.categories };
  if (part === 'products') return { ...target, products: source.products };
  return { ...target, partners: source.partners, cash: { ...target.cash, ...source.cash } };
}

/** How many names a message lists before it says "and N more". */
export const NAMES_SHOWN = 5;

/** Up to NAMES_SHOWN names, then how many more (the pruning notice and the cash summary). */
export function nameList(names: readonly string[], more: (count: number) => string): string {
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return names.length > NAMES_SHOWN ? `${shown} ${more(names.length - NAMES_SHOWN)}` : shown;
}
