import { StreamableFile } from '@nestjs/common';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { costFieldNames } from '@scm/contracts';
import { lastValueFrom, of } from 'rxjs';
import { CostFieldsInterceptor, withoutCostFields } from './cost-fields.interceptor.js';
import { ListPage } from './envelope.js';

function contextOf(user: { cost: boolean } | undefined): ExecutionContext {
  return {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
}

const answer = {
  status: 200,
  data: [
    {
      plu_id: 'LATTE',
      cost: '0.9100',
      margin: '3.5900',
      bom: { bom_id: 'B1', cost_per_output_unit: '0.91', consume_sku_list: [{ sku_id: 'BEAN', unit_cost: '0.02' }] },
      created_time: new Date('2026-01-01T00:00:00Z'),
    },
  ],
};

describe(CostFieldsInterceptor.name, () => {
  const sut = new CostFieldsInterceptor();
  const run = (user: { cost: boolean } | undefined, result: unknown) =>
    lastValueFrom(sut.intercept(contextOf(user), { handle: () => of(result) } as CallHandler));

  it('removes every marked field at any depth for a role without can_see_cost', async () => {
    expect(await run({ cost: false }, answer)).toEqual({
      status: 200,
      data: [
        {
          plu_id: 'LATTE',
          bom: { bom_id: 'B1', consume_sku_list: [{ sku_id: 'BEAN' }] },
          created_time: new Date('2026-01-01T00:00:00Z'),
        },
      ],
    });
  });

  it('removes them when no caller is known (fail closed)', async () => {
    expect(JSON.stringify(await run(undefined, answer))).not.toContain('cost');
  });

  it('answers a role with can_see_cost unchanged', async () => {
    expect(await run({ cost: true }, answer)).toBe(answer);
  });

  it('strips a list page keeping it a page, and passes files through', async () => {
    const page = await run({ cost: false }, new ListPage([{ sku_id: 'S1', price_per_uom: [] }], 1));
    expect(page).toBeInstanceOf(ListPage);
    expect(page).toEqual(new ListPage([{ sku_id: 'S1' }], 1));
    const file = new StreamableFile(Buffer.from('x'));
    expect(await run({ cost: false }, file)).toBe(file);
  });

  it('knows the cost fields every context declared', () => {
    expect([...costFieldNames()]).toEqual(
      expect.arrayContaining([
        'price_per_uom',
        'current_price',
        'cost',
        'margin',
        'default_cost',
        'mark_up',
        'unit_cost',
      ]),
    );
    expect(withoutCostFields({ current_price: '1', future_price_1_date: '2026-01-01', sku_id: 'S' })).toEqual({
      sku_id: 'S',
    });
  });
});
