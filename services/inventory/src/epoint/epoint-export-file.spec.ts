import { parseExport } from './epoint-pull.service.js';

describe(parseExport.name, () => {
  it('reads a CSV export by its header, in any column order, with quoted cells and CRLF line ends', () => {
    const sut = parseExport(
      'day.csv',
      '\uFEFFstock_code,shift_code,quantity,amount,epoint_date,uom,location\r\n' +
        '"LATTE, large",S1,2,9.00,2026-04-01,CUP,\r\n' +
        '"say ""hi""",S2,1,1.50,2026-04-01,EA,OUT2\r\n\r\n',
    );
    expect(sut).toEqual([
      {
        stock_code: 'LATTE, large',
        shift_code: 'S1',
        quantity: '2',
        amount: '9.00',
        epoint_date: '2026-04-01',
        uom: 'CUP',
      },
      {
        stock_code: 'say "hi"',
        shift_code: 'S2',
        quantity: '1',
        amount: '1.50',
        epoint_date: '2026-04-01',
        uom: 'EA',
        location: 'OUT2',
      },
    ]);
  });

  it('refuses a CSV without the record columns, and reads nothing of an empty file', () => {
    expect(() => parseExport('day.csv', 'shift_code,stock_code\nS1,LATTE')).toThrow(/quantity, amount, epoint_date/);
    expect(parseExport('empty.csv', '')).toEqual([]);
  });

  it('reads a JSON export as an array of records or { records }, and refuses anything else', () => {
    const record = { shift_code: 'S1', stock_code: 'LATTE', quantity: 1, amount: 4.5, epoint_date: '2026-04-01' };
    expect(parseExport('a.json', JSON.stringify([record]))).toEqual([record]);
    expect(parseExport('b.JSON', JSON.stringify({ records: [record] }))).toEqual([record]);
    expect(() => parseExport('c.json', '{"lines": []}')).toThrow(/array of records/);
    expect(() => parseExport('d.json', 'not json')).toThrow();
  });
});
