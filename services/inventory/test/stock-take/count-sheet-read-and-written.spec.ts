import 'reflect-metadata';
import type { StockTakeView } from '@scm/contracts';
import { AppException, readWorkbook, writeWorkbook } from '@scm/platform';
import type { UploadedFiles, WriteCell } from '@scm/platform';
import { adjustmentReasonOfReject } from '../../src/stock-adjustment/stock-adjustment.handler.js';
import { countSheet, readCountRows } from '../../src/stock-take/stock-take-sheet.js';

/** One uploaded file, as the multipart reader hands it over. */
const upload =
  (body: Buffer, fileName = 'counts.xlsx'): UploadedFiles =>
  async (onFile) => {
    await onFile({ fieldName: 'file', fileName, body }, 0);
    return 1;
  };

const sheetOf = (rows: WriteCell[][]) => writeWorkbook([{ name: 'Counts', rows }]);

async function refusal(promise: Promise<unknown>): Promise<AppException> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppException);
  return error as AppException;
}

const view = (blind: boolean): StockTakeView => ({
  id: '00000000-0000-4000-8000-000000000001',
  doc_no: 'ST-OUT1-000001',
  status: 'DRAFT',
  revision: 1,
  location_id: 'OUT1',
  location_name: 'Outlet 1',
  created_by: 'u',
  created_by_name: 'U',
  created_time: '2026-01-01T00:00:00.000Z',
  submitted_by: null,
  submitted_by_name: null,
  submitted_time: null,
  last_updated_time: '2026-01-01T00:00:00.000Z',
  available_actions: ['submit'],
  history: [],
  effective_time: '2026-01-01T00:00:00.000Z',
  blind_count: blind,
  remark: '',
  adjustment_id: null,
  adjustment_no: null,
  counted_lines: 0,
  lines: [
    {
      line_no: 1,
      item_type: 'sku',
      item_id: '007',
      item_name: 'Flour',
      category_name: 'Dry',
      uom_name: 'BAG',
      system_quantity: blind ? null : '4.000',
      counted_quantity: null,
      discrepancy: null,
      remark: '',
    },
  ],
});

describe('stock take count sheets', () => {
  it('reads item ids and counts under English or Chinese headers, in any column order, skipping blank rows', async () => {
    const english = await readCountRows(
      upload(
        await sheetOf([
          ['Counted quantity *', 'Item ID'],
          ['3.5', '007'],
          [null, null],
          [null, 'SUGAR'],
        ]),
      ),
    );
    expect(english).toEqual([
      { row: 2, item_type: null, item_id: '007', counted_quantity: '3.5' },
      { row: 4, item_type: null, item_id: 'SUGAR', counted_quantity: null },
    ]);
    const chinese = await readCountRows(
      upload(
        await sheetOf([
          ['类型', '物品编号', '盘点数量'],
          ['sku', 'FLOUR', '12'],
        ]),
      ),
    );
    expect(chinese).toEqual([{ row: 2, item_type: 'sku', item_id: 'FLOUR', counted_quantity: '12' }]);
  });

  it('names a missing column on the header row and a row without an item id', async () => {
    const noCount = await refusal(readCountRows(upload(await sheetOf([['Item ID'], ['FLOUR']]))));
    expect(noCount.fieldProblems).toEqual([{ field: 'rows.1.counted_quantity', rule: 'validation.required' }]);
    const noId = await refusal(
      readCountRows(
        upload(
          await sheetOf([
            ['Item ID', 'Counted quantity'],
            [null, '3'],
          ]),
        ),
      ),
    );
    expect(noId.fieldProblems).toEqual([{ field: 'rows.2.item_id', rule: 'validation.required' }]);
  });

  it('refuses a file that is not an .xlsx workbook', async () => {
    const error = await refusal(readCountRows(upload(Buffer.from('item_id,count\nFLOUR,3\n'), 'counts.csv')));
    expect(error.code).toBe('SPREADSHEET_TYPE_NOT_ALLOWED');
  });

  it('writes the sheet to count on, without the system quantity of a blind count, and reads it back', async () => {
    const [open] = await readWorkbook((await countSheet(view(false), 'en')).body);
    expect(open.rows[0]).toEqual([
      'Item type',
      'Item ID',
      'Item name',
      'Category',
      'Unit',
      'System quantity',
      'Counted quantity',
      'Remark',
    ]);
    expect(open.rows[1]).toEqual(['SKU', '007', 'Flour', 'Dry', 'BAG', '4.000', null, null]);
    const blind = await countSheet(view(true), 'en');
    const [hidden] = await readWorkbook(blind.body);
    expect(hidden.rows[0]).not.toContain('System quantity');
    // The code keeps its leading zeros: the sheet round-trips into an import.
    expect(await readCountRows(upload(blind.body))).toEqual([
      { row: 2, item_type: 'sku', item_id: '007', counted_quantity: null },
    ]);
  });

  it('writes the headers and item types in the caller language, and reads a Chinese sheet back', async () => {
    const chineseView = view(false);
    chineseView.lines = [...chineseView.lines, { ...chineseView.lines[0], line_no: 2, item_type: 'product' }];
    const sheet = await countSheet(chineseView, 'zh-CN');
    const [chinese] = await readWorkbook(sheet.body);
    expect(chinese.rows[0]).toEqual([
      '物品类型',
      '物品编号',
      '物品名称',
      '类别',
      '单位',
      '系统数量',
      '盘点数量',
      '备注',
    ]);
    expect(chinese.rows[1]).toEqual(['SKU', '007', 'Flour', 'Dry', 'BAG', '4.000', null, null]);
    expect(chinese.rows[2][0]).toBe('产品');
    expect(JSON.stringify(chinese.rows)).not.toMatch(/Item|quantity|Remark|Product/);
    const [blindChinese] = await readWorkbook((await countSheet(view(true), 'zh-CN')).body);
    expect(blindChinese.rows[0]).not.toContain('系统数量');
    expect(await readCountRows(upload(sheet.body))).toEqual([
      { row: 2, item_type: 'sku', item_id: '007', counted_quantity: null },
      { row: 3, item_type: 'product', item_id: '007', counted_quantity: null },
    ]);
  });
});

describe('transfer reject reasons as adjustment reasons', () => {
  it('maps SPEC.md §9 reject reasons, and never gives a product EXPIRED', () => {
    expect(adjustmentReasonOfReject('sku', 'expired')).toBe('EXPIRED');
    expect(adjustmentReasonOfReject('product', 'Expired')).toBe('OTHERS');
    expect(adjustmentReasonOfReject('sku', 'spoilt')).toBe('DAMAGED');
    expect(adjustmentReasonOfReject('sku', 'DAMAGED')).toBe('DAMAGED');
    expect(adjustmentReasonOfReject('product', 'lost')).toBe('LOSS');
    expect(adjustmentReasonOfReject('sku', 'wrong item sent')).toBe('OTHERS');
  });
});
