import { INVALID_CELL, parseBooleanCell, parseDateCell, parseListCell } from './cells.js';
import { translateLabel } from './labels.js';
import {
  columnOfField,
  dataRows,
  errorReportSheet,
  importColumn,
  matchHeader,
  rowReader,
  templateSheets,
} from './sheet-import.js';
import type { ImportColumn } from './sheet-import.js';
import { isXlsx, readWorkbook, writeWorkbook } from './workbook.js';

const columns: ImportColumn[] = [
  importColumn.text('supplier_id', 'suppliers:supplier.fields.supplier_id', { required: true, example: 'SUP-001' }),
  importColumn.text('postal_code', 'suppliers:supplier.fields.postal_code', { required: true, example: '018956' }),
  importColumn.choice('country', 'suppliers:supplier.fields.country', ['Singapore', 'Malaysia'], {
    required: true,
    example: 'Singapore',
    choiceLabels: 'suppliers:countries',
  }),
  importColumn.choice('gst_rate', 'suppliers:supplier.fields.gst_rate', [0, 7, 8, 9], { example: '9' }),
  importColumn.boolean('is_operating', 'locations:location.fields.is_operating', { example: 'Yes' }),
  importColumn.date('birthday', 'customers:customer.fields.birthday', { example: '1990-05-17' }),
  importColumn.list('hashtag_list', 'suppliers:supplier.fields.hashtag_list', { example: 'a, b' }),
  importColumn.text('contact_name', 'import:columns.location.contactName', {
    example: 'Alice',
    fields: ['contact_person.0.name', 'contact_person'],
  }),
  importColumn.number('unit_cost', 'import:columns.location.contactEmail', { example: '1.5', cost: true }),
];

describe('Excel import sheets', () => {
  it('reads what people type: yes/no in both languages, real and typed dates, comma lists', () => {
    expect([
      parseBooleanCell('Yes'),
      parseBooleanCell('FALSE'),
      parseBooleanCell('是'),
      parseBooleanCell(null),
    ]).toEqual([true, false, true, undefined]);
    expect(parseBooleanCell('maybe')).toBe(INVALID_CELL);
    expect(parseDateCell(new Date(Date.UTC(2024, 1, 29)))).toBe('2024-02-29');
    expect(parseDateCell('2024-02-29')).toBe('2024-02-29');
    expect(parseDateCell('2023-02-29')).toBe(INVALID_CELL);
    expect(parseDateCell('29/02/2024')).toBe(INVALID_CELL);
    expect(parseListCell('organic, vegetables，fruit; ')).toEqual(['organic', 'vegetables', 'fruit']);
  });

  it('matches headers by key or by label in either language, and names unknown, repeated and missing ones', () => {
    const header = ['Supplier ID *', '国家', 'postal_code', 'GST rate', 'Colour', 'Country'];
    const { indexOf, problems } = matchHeader(header, 1, columns, { canSeeCost: true });
    expect(Object.fromEntries(indexOf)).toEqual({ supplier_id: 0, country: 1, postal_code: 2, gst_rate: 3 });
    expect(problems).toEqual([
      { row: 1, column: null, rule: 'import:errors.unknownColumn', params: { name: 'Colour' } },
      { row: 1, column: 'country', rule: 'import:errors.repeatedColumn', params: { name: 'Country' } },
    ]);
    const missing = matchHeader(['Postal code'], 3, columns, { canSeeCost: true }).problems;
    expect(missing.map((problem) => [problem.row, problem.column, problem.rule])).toEqual([
      [3, 'supplier_id', 'import:errors.missingColumn'],
      [3, 'country', 'import:errors.missingColumn'],
    ]);
  });

  it('refuses a cost column from a user who cannot see cost, and leaves it out of their template', async () => {
    const label = translateLabel('en', 'import:columns.location.contactEmail');
    const { problems } = matchHeader(['Supplier ID', 'Postal code', 'Country', label], 1, columns, {
      canSeeCost: false,
    });
    expect(problems).toEqual([
      { row: 1, column: 'unit_cost', rule: 'import:errors.costColumn', params: { name: label } },
    ]);
    const [data] = await templateSheets(columns, 'en', undefined, { canSeeCost: false });
    expect(data.rows[0].map((cell) => (cell as { value: string }).value)).not.toContain(label);
  });

  it('converts cells by kind: choices by value or translated label, problems per cell', () => {
    const header = ['Supplier ID', 'Postal code', 'Country', 'GST rate', 'Operating', 'Birthday', 'Hashtags'];
    const { indexOf } = matchHeader(header, 1, columns, { canSeeCost: true });
    const read = rowReader(columns, indexOf);
    const good = read({ row: 2, cells: ['S1', '018956', '马来西亚', '9%', 'no', '1990-05-17', 'a, b'] });
    expect(good).toEqual({
      values: {
        supplier_id: 'S1',
        postal_code: '018956',
        country: 'Malaysia',
        gst_rate: 9,
        is_operating: false,
        birthday: '1990-05-17',
        hashtag_list: ['a', 'b'],
      },
      problems: [],
    });
    const bad = read({ row: 7, cells: ['S2', null, 'Japan', '6', 'sometimes', '17/05/1990', null] });
    expect(bad.values).toMatchObject({ supplier_id: 'S2', postal_code: undefined, hashtag_list: [] });
    expect('contact_name' in bad.values).toBe(false);
    expect(bad.problems.map((problem) => [problem.row, problem.column, problem.rule])).toEqual([
      [7, 'country', 'import:errors.choice'],
      [7, 'gst_rate', 'import:errors.choice'],
      [7, 'is_operating', 'import:errors.boolean'],
      [7, 'birthday', 'import:errors.date'],
    ]);
  });

  it('maps input fields to columns, the longest declared path first', () => {
    expect(columnOfField(columns, 'contact_person.0.name')).toBe('contact_name');
    expect(columnOfField(columns, 'contact_person')).toBe('contact_name');
    expect(columnOfField(columns, 'postal_code')).toBe('postal_code');
    expect(columnOfField(columns, 'nothing')).toBeNull();
  });

  it('writes a template that reads back: translated headers, required marks, a notes sheet', async () => {
    const body = await writeWorkbook(await templateSheets(columns, 'zh-CN', undefined, { canSeeCost: true }));
    expect(isXlsx(body)).toBe(true);
    const [data, notes] = await readWorkbook(body);
    expect(data.name).toBe('数据');
    expect(data.rows[0].slice(0, 3)).toEqual(['供应商编号 *', '邮政编码 *', '国家 *']);
    expect(dataRows(data)!.rows).toEqual([]);
    expect(notes.name).toBe('说明');
    const countryNote = notes.rows.find((row) => row[0] === '国家');
    expect(countryNote).toEqual(['国家', '必填', '以下之一： Singapore, Malaysia', 'Singapore']);
  });

  it('keeps row numbers as Excel shows them, skipping blank rows, and writes the error report in front', async () => {
    const body = await writeWorkbook([
      {
        name: 'Data',
        rows: [
          ['Supplier ID', 'Postal code'],
          ['S1', '018956'],
          [null, null],
          ['S2', '12'],
        ],
      },
    ]);
    const [sheet] = await readWorkbook(body);
    expect(dataRows(sheet)).toEqual({
      headerRow: 1,
      header: ['Supplier ID', 'Postal code'],
      rows: [
        { row: 2, cells: ['S1', '018956'] },
        { row: 4, cells: ['S2', '12'] },
      ],
    });
    const report = errorReportSheet(sheet, new Map([[4, ['Postal code: Please enter 6-digit number']]]), 'en');
    const [written] = await readWorkbook(await writeWorkbook([report]));
    expect(written.rows[0]).toEqual(['Errors', 'Supplier ID', 'Postal code']);
    expect(written.rows[1]).toEqual([null, 'S1', '018956']);
    expect(written.rows[3]).toEqual(['Postal code: Please enter 6-digit number', 'S2', '12']);
    // A corrected report uploads as it is: its error column is not an unknown column.
    expect(matchHeader(written.rows[0], 1, columns.slice(0, 2), { canSeeCost: true }).problems).toEqual([]);
  });

  it('refuses what is not an .xlsx workbook, whatever its name', async () => {
    expect(isXlsx(Buffer.from('%PDF-1.7\n'))).toBe(false);
    expect(isXlsx(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(false);
    expect(isXlsx(Buffer.from('a,b\n1,2\n'))).toBe(false);
    expect(isXlsx(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))).toBe(false);
    await expect(readWorkbook(Buffer.from('a,b'))).rejects.toThrow('Not a readable .xlsx workbook');
  });
});
