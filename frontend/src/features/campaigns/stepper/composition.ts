import { amountToInput, FIGURE, parseAmount } from '../../../shared/format/amount';
import { cashProblem, cashToApi } from '../../../shared/validation/amountRules';
import type { CampaignComposition, CompositionBody, Named } from './types';

/** A partner chosen in step 2: its name (for the pruning message) and its own categories (for pruning). */
export interface ChosenPartner {
  id: number;
  name: string;
  categoryIds: readonly number[];
}

/**
 * What the stepper holds while the user composes: the chosen categories, partners and products,
 * and the cash typed for any partner in the user's language (a deselected partner keeps its cash,
 * so choosing it again or undoing a pruning brings it back).
 */
export interface Draft {
  categories: Named[];
  /** In the order chosen. */
  partners: ReadonlyMap<number, ChosenPartner>;
  cash: Readonly<Record<number, string>>;
  products: Named[];
}

export const EMPTY_DRAFT: Draft = { categories: [], partners: new Map(), cash: {}, products: [] };

/** The draft a loaded campaign starts from, each cash in the language's format ('1.500,5'). */
export function draftOf(campaign: CampaignComposition, language: string): Draft {
  const partners = new Map<number, ChosenPartner>();
  const cash: Record<number, string> = {};
  for (const p of campaign.partners) {
    partners.set(p.id, { id: p.id, name: p.name, categoryIds: p.category_ids ?? [] });
    cash[p.id] = amountToInput(p.pivot.cash, language, FIGURE);
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
 * Deselects the categories of removedIds and prunes the partners in none of the remaining ones;
 * every other chosen partner stays chosen with its cash, and the pruned ones keep their cash in
 * the draft, so undoPruning can restore them.
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

/**
 * Step 1's change: the added categories chosen, the removed ones deselected with their pruning
 * (removeCategories). Every partner still in a chosen category keeps its tick and its cash.
 */
export function changeCategoriesOf(draft: Draft, added: readonly Named[], removedIds: readonly number[]): { draft: Draft; pruning: Pruning } {
  const have = new Set(draft.categories.map((c) => c.id));
  const next: Draft =
    added.length > 0 ? { ...draft, categories: [...draft.categories, ...added.filter((c) => !have.has(c.id))] } : draft;
  if (removedIds.length === 0) return { draft: next, pruning: { categories: [], partners: [] } };
  return removeCategories(next, removedIds);
}

/** Undo of a pruning: its categories chosen again and its partners back, with the cash they had. */
export function undoPruning(draft: Draft, pruning: Pruning): Draft {
  const have = new Set(draft.categories.map((c) => c.id));
  const categories = [...draft.categories, ...pruning.categories.filter((c) => !have.has(c.id))];
  const partners = new Map(draft.partners);
  for (const p of pruning.partners) if (!partners.has(p.id)) partners.set(p.id, p);
  return { ...draft, categories, partners };
}

/** The exact sum of the valid cash amounts among texts typed in the language, as a decimal text ('1250.5'); invalid ones count as 0. */
export function cashTotal(texts: Iterable<string | undefined>, language: string): string {
  let sum = 0n;
  for (const text of texts) {
    const parsed = text === undefined ? null : parseAmount(text, language);
    if (!parsed?.ok) continue;
    const [whole, fraction = ''] = parsed.value.split('.');
    sum += BigInt(whole) * 1000n + BigInt((fraction + '000').slice(0, 3));
  }
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

export function draftProblems(draft: Draft, language: string): DraftProblems {
  const badCash = [...draft.partners.values()].filter((p) => cashProblem(draft.cash[p.id], language) !== null);
  const noCategory = draft.categories.length === 0;
  return { noCategory, badCash, outside: noCategory ? [] : partnersOutside(draft) };
}

export const hasProblems = (p: DraftProblems) => p.noCategory || p.badCash.length > 0 || p.outside.length > 0;

/** The save's body (PUT /api/campaignDetails/{id}), each cash in the API's exact form. */
export function compositionBody(draft: Draft, language: string): CompositionBody {
  return {
    partners: [...draft.partners.values()].map((p) => ({ partner_id: p.id, cash: cashToApi(draft.cash[p.id] ?? '', language) })),
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
export function samePart(a: Draft, b: Draft, part: DraftPart, language: string): boolean {
  if (part === 'categories') return sameIds(a.categories, b.categories);
  if (part === 'products') return sameIds(a.products, b.products);
  if (a.partners.size !== b.partners.size) return false;
  for (const id of a.partners.keys()) {
    if (!b.partners.has(id)) return false;
    if (cashToApi(a.cash[id] ?? '', language) !== cashToApi(b.cash[id] ?? '', language)) return false;
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
