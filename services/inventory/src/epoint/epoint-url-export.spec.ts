import { exportKindOf, exportNameOf } from './epoint-pull.service.js';

describe(exportKindOf.name, () => {
  it('goes by the content type when it names JSON or CSV', () => {
    expect(exportKindOf('application/json; charset=utf-8', Buffer.from('shift_code,stock_code'))).toBe('json');
    expect(exportKindOf('application/vnd.pos+json', Buffer.from(''))).toBe('json');
    expect(exportKindOf('text/csv', Buffer.from('[{"shift_code":"S1"}]'))).toBe('csv');
  });

  it('else by the first non-blank character: [ or { is JSON, anything else CSV', () => {
    expect(exportKindOf(null, Buffer.from('\uFEFF\r\n  {"records":[]}'))).toBe('json');
    expect(exportKindOf('text/plain', Buffer.from('\n[]'))).toBe('json');
    expect(exportKindOf('application/octet-stream', Buffer.from('shift_code,stock_code\nS1,LATTE'))).toBe('csv');
    expect(exportKindOf(null, Buffer.from(''))).toBe('csv');
  });
});

describe(exportNameOf.name, () => {
  it("names a URL's export by its last path segment, else 'url'", () => {
    expect(exportNameOf('https://pos.local/export/today.json?token=abc')).toBe('today.json');
    expect(exportNameOf('http://127.0.0.1:8080/sales/day%20one.csv')).toBe('day one.csv');
    expect(exportNameOf('http://pos.local/export/')).toBe('export');
    expect(exportNameOf('http://pos.local')).toBe('url');
  });
});
