import { describe, expect, it } from 'vitest';
import {
  cashTotal,
  changeCategoriesOf,
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

const ME = 'sr-Latn-ME';

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
    const draft = draftOf(CAMPAIGN, ME);
    const { draft: after, pruning } = removeCategories(draft, [2]);
    expect(after.categories.map((c) => c.id)).toEqual([1, 3]);
    // 1001 stays through Alati; 1002 (Boje only) and the stray 1004 go.
    expect([...after.partners.keys()]).toEqual([1001, 1003]);
    expect(pruning.categories).toEqual([{ id: 2, name: 'Boje' }]);
    expect(pruning.partners.map((p) => p.name)).toEqual(['Boje Bar', 'Zalutali']);
    expect(after.cash[1002]).toBe('100,25');

    const undone = undoPruning(after, pruning);
    expect(undone.categories.map((c) => c.id).sort()).toEqual([1, 2, 3]);
    expect([...undone.partners.keys()].sort()).toEqual([1001, 1002, 1003, 1004]);
    expect(compositionBody(undone, ME).partners).toContainEqual({ partner_id: 1002, cash: '100.25' });
  });

  it('removing several categories at once prunes against what remains', () => {
    const { draft, pruning } = removeCategories(draftOf(CAMPAIGN, ME), [1, 2]);
    expect([...draft.partners.keys()]).toEqual([1003]);
    expect(pruning.partners.map((p) => p.id)).toEqual([1001, 1002, 1004]);
  });
});

describe('step 1 changes (issue 20: keep what is still eligible)', () => {
  it('removing a category keeps every other partner’s tick and typed cash', () => {
    const loaded = draftOf(CAMPAIGN, ME);
    // Since loading: a new partner ticked with its cash, and a cash typed for a loaded one.
    const partners = new Map(loaded.partners).set(1005, partner(1005, 'Novi Alati', 1));
    const edited = { ...loaded, partners, cash: { ...loaded.cash, 1001: '1.777', 1005: '75,5' } };
    const { draft, pruning } = changeCategoriesOf(edited, [], [2]);
    expect([...draft.partners.keys()]).toEqual([1001, 1003, 1005]);
    expect(draft.cash).toMatchObject({ 1001: '1.777', 1003: '0', 1005: '75,5' });
    expect(pruning.partners.map((p) => p.id)).toEqual([1002, 1004]);
    expect(compositionBody(draft, ME).partners).toEqual([
      { partner_id: 1001, cash: '1777' },
      { partner_id: 1003, cash: '0' },
      { partner_id: 1005, cash: '75.5' },
    ]);
  });

  it('adding a category prunes nothing and keeps everything chosen', () => {
    const loaded = draftOf(CAMPAIGN, ME);
    const { draft, pruning } = changeCategoriesOf(loaded, [{ id: 4, name: 'Alati 2' }], []);
    expect(draft.categories.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(draft.partners).toBe(loaded.partners);
    expect(draft.cash).toBe(loaded.cash);
    expect(pruning.partners).toEqual([]);
    // A category already chosen is not doubled.
    expect(changeCategoriesOf(loaded, [{ id: 1, name: 'Alati' }], []).draft.categories).toHaveLength(3);
  });
});

describe('cash (spec §5, in the user’s language)', () => {
  it('starts in the language format', () => {
    expect(draftOf(CAMPAIGN, ME).cash).toMatchObject({ 1001: '500', 1002: '100,25', 1003: '0' });
    expect(draftOf({ ...CAMPAIGN, partners: [{ ...CAMPAIGN.partners[0], pivot: { cash: '1500.5' } }] }, ME).cash[1001]).toBe('1.500,5');
    expect(draftOf({ ...CAMPAIGN, partners: [{ ...CAMPAIGN.partners[0], pivot: { cash: '1500.5' } }] }, 'en').cash[1001]).toBe('1,500.5');
  });

  it('totals exactly in the language, ignoring invalid amounts', () => {
    expect(cashTotal(['0,1', '0,2', '9.999.999.999,999', 'x', undefined, '12,5', '-3'], ME)).toBe('10000000012.799');
    expect(cashTotal(['1.500', '1,5'], ME)).toBe('1501.5');
    expect(cashTotal(['1.500', '1,500'], 'en')).toBe('1501.5');
    expect(cashTotal([], ME)).toBe('0');
  });
});

describe('the save', () => {
  it('sends the three sets with each cash in the API form: 1.500 is fifteen hundred in Montenegrin', () => {
    const draft = draftOf(CAMPAIGN, ME);
    expect(compositionBody({ ...draft, cash: { ...draft.cash, 1001: '1.500' } }, ME).partners[0]).toEqual({ partner_id: 1001, cash: '1500' });
    expect(compositionBody({ ...draft, cash: { ...draft.cash, 1001: '1.500' } }, 'en').partners[0]).toEqual({ partner_id: 1001, cash: '1.5' });
    const body = compositionBody({ ...draft, cash: { ...draft.cash, 1001: ' 750,5 ' } }, ME);
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
    const draft = draftOf(CAMPAIGN, ME);
    // 1004's own categories share none with the campaign's: it cannot be saved there.
    expect(draftProblems(draft, ME)).toEqual({ noCategory: false, badCash: [], outside: [draft.partners.get(1004)] });
    const bad = { ...draft, categories: [], cash: { ...draft.cash, 1002: '', 1003: '1,2345' } };
    const problems = draftProblems(bad, ME);
    expect(problems.noCategory).toBe(true);
    expect(problems.badCash.map((p) => p.id)).toEqual([1002, 1003]);
    const { draft: clean } = removeCategories(draft, [3]);
    expect(draftProblems(clean, ME)).toEqual({ noCategory: false, badCash: [], outside: [] });
  });

  it('compares and takes parts for a conflict', () => {
    const mine = draftOf(CAMPAIGN, ME);
    const theirs = { ...mine, cash: { ...mine.cash, 1001: '1' }, products: [] };
    expect(samePart(mine, theirs, 'categories', ME)).toBe(true);
    expect(samePart(mine, theirs, 'partners', ME)).toBe(false);
    expect(samePart(mine, theirs, 'products', ME)).toBe(false);
    const back = withPart(theirs, mine, 'partners');
    expect(samePart(back, mine, 'partners', ME)).toBe(true);
    expect(samePart(back, mine, 'products', ME)).toBe(false);
  });
});
