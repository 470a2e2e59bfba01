import 'reflect-metadata';
import { bomSnapshot, pluSnapshot, recipeRow, skuSnapshot } from '@scm/testing';
import { RecipeBook } from '../../src/recipes/recipe-book.js';
import { RecipeReplicaRepository } from '../../src/replicas/recipe-replica.repository.js';
import type { LedgerFixture } from '../ledger/ledger-fixture.js';
import { openLedger } from '../ledger/ledger-fixture.js';

/**
 * What PLUs sold and SKU BOM outputs consume, from inventory's replicas of catalog's recipes: wastage applied,
 * units converted to each SKU's primary unit, non-inventorised SKUs expanded through the BOM producing them (three
 * levels here), and every reason a demand consumes nothing named. Every figure below is worked out by hand.
 */
describe(RecipeBook.name, () => {
  let fixture: LedgerFixture;
  let recipes: RecipeReplicaRepository;
  let sut: RecipeBook;
  const kg = (factorName: string, factor: string) => [
    { uom_name: 'KG', factor: '1', uom_id: null },
    { uom_name: factorName, factor, uom_id: null },
  ];

  beforeAll(async () => {
    fixture = await openLedger('scm_inventory_recipes');
    recipes = new RecipeReplicaRepository();
    sut = new RecipeBook(recipes, fixture.items);
    const manager = fixture.dataSource.manager;
    const skus = [
      skuSnapshot({ sku_id: 'RICE', name: 'Rice', uom_list: kg('BAG', '25') }),
      skuSnapshot({ sku_id: 'CHICKEN', name: 'Chicken', uom_list: kg('G', '0.001') }),
      skuSnapshot({
        sku_id: 'OIL',
        name: 'Oil',
        primary_uom_name: 'L',
        uom_list: [
          { uom_name: 'L', factor: '1', uom_id: null },
          { uom_name: 'ML', factor: '0.001', uom_id: null },
        ],
      }),
      // Made on the spot, never stocked: expanded through the BOMs producing them.
      skuSnapshot({ sku_id: 'SAUCE', name: 'Sauce', is_inventorise: false }),
      skuSnapshot({ sku_id: 'BASE', name: 'Sauce base', is_inventorise: false }),
      skuSnapshot({ sku_id: 'LOOP', name: 'Made of itself', is_inventorise: false }),
      // Not stocked and produced by nothing: untracked.
      skuSnapshot({ sku_id: 'WATER', name: 'Tap water', primary_uom_name: 'L', is_inventorise: false }),
    ];
    for (const sku of skus) await fixture.items.upsertSku(manager, sku);
    const boms = [
      // 2 KG of sauce from 100 ML oil (+10 %) and 0.5 KG of base.
      bomSnapshot({
        bom_kind: 'sku_bom',
        bom_id: 'B-SAUCE',
        output_sku_id: 'SAUCE',
        output_quantity: '2',
        consume_sku_list: [recipeRow('OIL', '100', 'ML', '10'), recipeRow('BASE', '0.5')],
      }),
      // 1 KG of base from 0.4 KG of chicken.
      bomSnapshot({
        bom_kind: 'sku_bom',
        bom_id: 'B-BASE',
        output_sku_id: 'BASE',
        consume_sku_list: [recipeRow('CHICKEN', '0.4')],
      }),
      bomSnapshot({
        bom_kind: 'sku_bom',
        bom_id: 'B-LOOP',
        output_sku_id: 'LOOP',
        consume_sku_list: [recipeRow('LOOP', '1')],
      }),
      // One chicken rice: 0.2 KG rice (+5 %), 150 G chicken, 0.1 KG sauce, 0.3 L water.
      bomSnapshot({
        bom_kind: 'plu_bom',
        bom_id: 'P-CR',
        consume_sku_list: [
          recipeRow('RICE', '0.2', 'KG', '5'),
          recipeRow('CHICKEN', '150', 'G'),
          recipeRow('SAUCE', '0.1'),
          recipeRow('WATER', '0.3', 'L'),
        ],
      }),
      bomSnapshot({ bom_kind: 'plu_bom', bom_id: 'P-BOX', consume_sku_list: [recipeRow('RICE', '1', 'BOX')] }),
      bomSnapshot({
        bom_kind: 'plu_bom',
        bom_id: 'P-OLD',
        status: 'archived',
        consume_sku_list: [recipeRow('RICE', '1')],
      }),
      bomSnapshot({ bom_kind: 'plu_bom', bom_id: 'P-LOOP', consume_sku_list: [recipeRow('LOOP', '1')] }),
    ];
    for (const bom of boms) await recipes.upsertBom(manager, bom);
    const plus = [
      pluSnapshot({ plu_id: 'CR', bom_id: 'P-CR' }),
      // Two teas from 10 ML of oil (a custom recipe on the PLU itself).
      pluSnapshot({
        plu_id: 'TEA',
        custom_bom: { consume_sku_list: [recipeRow('OIL', '10', 'ML')], output_quantity: '2', output_uom_name: 'CUP' },
      }),
      pluSnapshot({ plu_id: 'BOXED', bom_id: 'P-BOX' }),
      pluSnapshot({ plu_id: 'RETIRED', bom_id: 'P-CR', status: 'archived' }),
      pluSnapshot({ plu_id: 'STALE', bom_id: 'P-OLD' }),
      pluSnapshot({ plu_id: 'CIRCLE', bom_id: 'P-LOOP' }),
    ];
    for (const plu of plus) await recipes.upsertPlu(manager, plu);
  });

  afterAll(async () => {
    await fixture?.close();
  });

  it('backflushes PLUs through three levels of recipes, in primary units, wastage applied', async () => {
    const result = await sut.explode(fixture.dataSource.manager, [
      { kind: 'plu', id: 'CR', quantity: '10' },
      // A POS spelling the code in lower case still finds it.
      { kind: 'plu', id: 'tea', quantity: '3' },
    ]);
    // 10 CR: rice 10 × 0.2 × 1.05 = 2.1; chicken 10 × 0.15 = 1.5, plus through the sauce: 10 × 0.1 KG sauce = 1 KG
    // = 0.5 runs of B-SAUCE → 0.25 KG base → 0.25 runs of B-BASE → 0.1 KG chicken; oil 0.5 × 100 ML × 1.1 = 55 ML.
    // 3 TEA = 1.5 runs × 10 ML = 15 ML of oil.
    expect(Object.fromEntries(result.consumption)).toEqual({ CHICKEN: '1.600', OIL: '0.070', RICE: '2.100' });
    expect(result.unresolved).toEqual([]);
    expect(result.untracked).toEqual(['WATER']);
    expect(
      result.byDemand[1] && Object.fromEntries([...result.byDemand[1]].map(([k, v]) => [k, v.toString()])),
    ).toEqual({
      OIL: '0.015',
    });
  });

  it('turns a SKU BOM output in its output unit into its ingredients', async () => {
    const result = await sut.explode(fixture.dataSource.manager, [{ kind: 'sku_bom', id: 'B-SAUCE', quantity: '4' }]);
    // 2 runs: oil 2 × 100 ML × 1.1 = 220 ML; base 1 KG → chicken 0.4 KG.
    expect(Object.fromEntries(result.consumption)).toEqual({ CHICKEN: '0.400', OIL: '0.220' });
  });

  it('names why a demand consumes nothing, and consumes nothing for it', async () => {
    const result = await sut.explode(fixture.dataSource.manager, [
      { kind: 'plu', id: 'NOPE', quantity: '1' },
      { kind: 'plu', id: 'RETIRED', quantity: '1' },
      { kind: 'plu', id: 'STALE', quantity: '1' },
      { kind: 'plu', id: 'BOXED', quantity: '1' },
      { kind: 'plu', id: 'CIRCLE', quantity: '1' },
      { kind: 'sku_bom', id: 'B-GONE', quantity: '1' },
      { kind: 'plu', id: 'CR', quantity: '1' },
    ]);
    expect(result.unresolved).toEqual([
      { index: 0, kind: 'plu', id: 'NOPE', reason: 'unknown_plu' },
      { index: 1, kind: 'plu', id: 'RETIRED', reason: 'inactive_plu' },
      { index: 2, kind: 'plu', id: 'STALE', reason: 'no_active_bom' },
      { index: 3, kind: 'plu', id: 'BOXED', reason: 'unknown_unit', sku_id: 'RICE', uom_name: 'BOX' },
      { index: 4, kind: 'plu', id: 'CIRCLE', reason: 'cycle' },
      { index: 5, kind: 'sku_bom', id: 'B-GONE', reason: 'no_active_bom' },
    ]);
    expect(result.byDemand.map((own) => own !== null)).toEqual([false, false, false, false, false, false, true]);
    expect(Object.fromEntries(result.consumption)).toEqual({ CHICKEN: '0.160', OIL: '0.006', RICE: '0.210' });
  });

  it('follows a newer recipe and forgets a deleted one, whatever the arrival order', async () => {
    const manager = fixture.dataSource.manager;
    const newer = bomSnapshot({ bom_kind: 'plu_bom', bom_id: 'P-NEW', consume_sku_list: [recipeRow('RICE', '2')] });
    const older = { ...newer, consume_sku_list: [recipeRow('RICE', '1')], revision: newer.revision - 1 };
    await recipes.upsertBom(manager, newer);
    await recipes.upsertBom(manager, older);
    await recipes.upsertPlu(manager, pluSnapshot({ plu_id: 'NEW', bom_id: 'P-NEW' }));
    const before = await sut.explode(manager, [{ kind: 'plu', id: 'NEW', quantity: '1' }]);
    expect(Object.fromEntries(before.consumption)).toEqual({ RICE: '2.000' });
    await recipes.markBomDeleted(manager, { bom_kind: 'plu_bom', bom_id: 'P-NEW', revision: newer.revision + 1 });
    await recipes.upsertBom(manager, { ...newer, revision: newer.revision });
    const after = await sut.explode(manager, [{ kind: 'plu', id: 'NEW', quantity: '1' }]);
    expect(after.unresolved.map((u) => u.reason)).toEqual(['no_active_bom']);
  });
});
