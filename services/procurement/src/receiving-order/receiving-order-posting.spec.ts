import { postingLinesOf } from './receiving-order.service.js';
import type { ReceivingOrderLineRecord } from './receiving-order.repository.js';

const line = (patch: Partial<ReceivingOrderLineRecord>): ReceivingOrderLineRecord => ({
  line_no: 1,
  kind: 'receive',
  po_line_no: 1,
  sku_id: 'FLOUR',
  uom_name: 'CTN',
  quantity: '1',
  po_quantity: '1',
  unit_price: '0',
  line_subtotal: '0',
  reason: null,
  remark: '',
  ...patch,
});

describe('postingLinesOf', () => {
  it('apportions shipping by value, converts to USD at the rate and leaves rejected quantities out', () => {
    const lines = [
      line({ line_no: 1, quantity: '6', line_subtotal: '300.00' }),
      line({ line_no: 2, sku_id: 'SUGAR', uom_name: 'KG', quantity: '20', line_subtotal: '50.00' }),
      line({ line_no: 3, kind: 'rejected', quantity: '1', reason: 'DAMAGED' }),
    ];
    expect(postingLinesOf(lines, { location_id: 'OUT1', shipping_amount: '35.00', exchange_rate: '1.25' })).toEqual([
      {
        line_no: 1,
        item_type: 'sku',
        item_id: 'FLOUR',
        location_id: 'OUT1',
        quantity: '6',
        uom_name: 'CTN',
        unit_cost: '44.0000',
      },
      {
        line_no: 2,
        item_type: 'sku',
        item_id: 'SUGAR',
        location_id: 'OUT1',
        quantity: '20',
        uom_name: 'KG',
        unit_cost: '2.2000',
      },
    ]);
  });

  it('computes with exact decimals: a third of the shipping each, no float residue', () => {
    const lines = [1, 2, 3].map((n) => line({ line_no: n, sku_id: `S${n}`, quantity: '3', line_subtotal: '0.10' }));
    const posted = postingLinesOf(lines, { location_id: 'OUT1', shipping_amount: '0.20', exchange_rate: '1' });
    // (0.10 + 0.20 / 3) / 3 = 0.0555… → 0.0556
    expect(posted.map((p) => p.unit_cost)).toEqual(['0.0556', '0.0556', '0.0556']);
  });

  it('takes free goods in at nothing when nothing has a value', () => {
    const posted = postingLinesOf([line({ quantity: '2', line_subtotal: '0.00' })], {
      location_id: 'OUT1',
      shipping_amount: '10.00',
      exchange_rate: '1',
    });
    expect(posted[0].unit_cost).toBe('0.0000');
  });
});
