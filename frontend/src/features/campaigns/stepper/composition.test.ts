import { describe, expect, it } from 'vitest';
import {
  cashError,
  cashTotal,
  compositionBody,
  draftOf,
  draftProblems,
  pruneByCategories,
  removeCategories,
  samePart,
  undoPruning,
  withPart,
  type ChosenPartner,
} from './composition';
import type { CampaignComposition } from './types';

const partner = (id: number, name: string, ...categoryIds: number[]): ChosenPartner => ({ id, name, categoryIds });

const CAMPAIGN: CampaignComposition = {
  id: 7,
  name: 'Zimska kampanja',
  version: 3,
  categories: [
    { id: 1, name: 'Alati' },
    { id: 2, name: 'Boje' },
    { id: 3, name: 'Rasvjeta' },
  ],
  products: [{ id: 50, name: 'Bušilica', price: '120.5' }],
  partners: [
    { id: 1001, name: 'Gradnja Plus', city: 'Podgorica', category_names: 'alati, boje', category_ids: [1, 2], pivot: { cash: 500 } },
    { id: 1002, name: 'Boje Bar', city: 'Bar', category_names: 'boje', category_ids: [2], pivot: { cash: '100.25' } },
    { id: 1003, name: 'Svjetlo', city: 'Bar', category_names: 'rasvjeta', category_ids: [3], pivot: { cash: 0 } },
    // Its own categories changed since it was added: it is in none of the campaign's (ADR 0019).
    { id: 1004, name: 'Zalutali', city: 'Kotor', category_names: '', category_ids: [], pivot: { cash: 1 } },
  ],
};

describe('pruning (spec §4, by category id)', () => {
  it('prunes the partners in none of the remaining categories and keeps the rest, in order', () => {
    const partners = [partner(1, 'A', 1, 2), partner(2, 'B', 2), partner(3, 'C', 3), partner(4, 'D', 2, 3)];
    expect(pruneByCategories(partners, [1, 3])).toEqual({
      kept: [partners[0], partners[2], partners[3]],
      pruned: [partners[1]],
    });
    expect(pruneByCategories(partners, [1, 2, 3]).pruned).toEqual([]);
    expect(pruneByCategories(partners, []).pruned).toEqual(partners);
    // By id, not by name: a partner whose category has the same name as a remaining one but another id goes.
    expect(pruneByCategories([partner(5, 'E', 9)], [1]).pruned.map((p) => p.id)).toEqual([5]);
  });

  it('removing a category prunes, keeps the cash for the undo, and the undo restores both', () => {
    const draft = draftOf(CAMPAIGN);
    const { draft: after, pruning } = removeCategories(draft, [2]);
    expect(after.categories.map((c) => c.id)).toEqual([1, 3]);
    // 1001 stays through Alati; 1002 (Boje only) and the stray 1004 go.
    expect([...after.partners.keys()]).toEqual([1001, 1003]);
    expect(pruning.categories).toEqual([{ id: 2, name: 'Boje' }]);
    expect(pruning.partners.map((p) => p.name)).toEqual(['Boje Bar', 'Zalutali']);
    expect(after.cash[1002]).toBe('100.25');

    const undone = undoPruning(after, pruning);
    expect(undone.categories.map((c) => c.id).sort()).toEqual([1, 2, 3]);
    expect([...undone.partners.keys()].sort()).toEqual([1001, 1002, 1003, 1004]);
    expect(compositionBody(undone).partners).toContainEqual({ partner_id: 1002, cash: '100.25' });
  });

  it('removing several categories at once prunes against what remains', () => {
    const { draft, pruning } = removeCategories(draftOf(CAMPAIGN), [1, 2]);
    expect([...draft.partners.keys()]).toEqual([1003]);
    expect(pruning.partners.map((p) => p.id)).toEqual([1001, 1002, 1004]);
  });
});

describe('cash (spec §5)', () => {
  it.each([
    ['0', null],
    ['125.111', null],
    ['12,5', null],
    ['9999999999.999', null],
    ['', 'validation.field'],
    ['  ', 'validation.field'],
    [undefined, 'validation.field'],
    ['-1', 'validation.number'],
    ['1.2345', 'validation.number'],
    ['12345678901', 'validation.number'],
    ['1e3', 'validation.number'],
    ['abc', 'validation.number'],
    ['10%', 'validation.number'],
  ])('%j → %s', (text, error) => {
    expect(cashError(text)).toBe(error);
  });

  it('totals exactly, ignoring invalid amounts', () => {
    expect(cashTotal(['0.1', '0.2', '9999999999.999', 'x', undefined, '12,5'])).toBe('10000000012.799');
    expect(cashTotal([])).toBe('0');
  });
});

describe('the save', () => {
  it('sends the three sets with the cash as typed, a comma as a point', () => {
    const draft = draftOf(CAMPAIGN);
    const body = compositionBody({ ...draft, cash: { ...draft.cash, 1001: ' 750,5 ' } });
    expect(body).toEqual({
      partners: [
        { partner_id: 1001, cash: '750.5' },
        { partner_id: 1002, cash: '100.25' },
        { partner_id: 1003, cash: '0' },
        { partner_id: 1004, cash: '1' },
      ],
      categories: [{ category_id: 1 }, { category_id: 2 }, { category_id: 3 }],
      products: [{ product_id: 50 }],
    });
  });

  it('names what blocks it: no category, a missing or wrong cash', () => {
    const draft = draftOf(CAMPAIGN);
    // 1004's own categories share none with the campaign's: it cannot be saved there.
    expect(draftProblems(draft)).toEqual({ noCategory: false, badCash: [], outside: [draft.partners.get(1004)] });
    const bad = { ...draft, categories: [], cash: { ...draft.cash, 1002: '', 1003: '1.2345' } };
    const problems = draftProblems(bad);
    expect(problems.noCategory).toBe(true);
    expect(problems.badCash.map((p) => p.id)).toEqual([1002, 1003]);
    const { draft: clean } = removeCategories(draft, [3]);
    expect(draftProblems(clean)).toEqual({ noCategory: false, badCash: [], outside: [] });
  });

  it('compares and takes parts for a conflict', () => {
    const mine = draftOf(CAMPAIGN);
    const theirs = { ...mine, cash: { ...mine.cash, 1001: '1' }, products: [] };
    expect(samePart(mine, theirs, 'categories')).toBe(true);
    expect(samePart(mine, theirs, 'partners')).toBe(false);
    expect(samePart(mine, theirs, 'products')).toBe(false);
    const back = withPart(theirs, mine, 'partners');
    expect(samePart(back, mine, 'partners')).toBe(true);
    expect(samePart(back, mine, 'products')).toBe(false);
  });
});
