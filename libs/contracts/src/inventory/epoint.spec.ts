import { V } from '../common/schema.js';
import { EPOINT_PULL_URL_MAX, epointPullFolderInputSchema, isEpointPullUrl } from './epoint.js';

describe('epointPullFolderInputSchema', () => {
  const sut = epointPullFolderInputSchema;
  const folderPathOf = (folder_path: string) => sut.safeParse({ folder_path, enabled: true });
  const problemOf = (folder_path: string) => {
    const parsed = folderPathOf(folder_path);
    return parsed.success
      ? null
      : parsed.error.issues.map((issue) => ({
          path: issue.path,
          message: issue.message,
          params: (issue as { params?: unknown }).params,
        }));
  };

  it('takes blank (no source), a folder of the POS inbox, and an absolute http(s) URL, trimmed', () => {
    expect(folderPathOf('  ').data?.folder_path).toBe('');
    expect(folderPathOf('ept/outlet-a').data?.folder_path).toBe('ept/outlet-a');
    expect(folderPathOf(' https://pos.local/export/today.json ').data?.folder_path).toBe(
      'https://pos.local/export/today.json',
    );
    expect(folderPathOf('http://127.0.0.1:8080/sales?day=2026-04-01&format=csv').success).toBe(true);
    expect(folderPathOf('HTTP://POS.LOCAL/export').success).toBe(true);
  });

  it('refuses other schemes, spaces, no host, a user name or password, and a folder outside the inbox', () => {
    for (const value of [
      'ftp://x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://a b',
      'https://pos.local/export today.json',
      'http://',
      'http:/pos.local/x',
      'https://user:secret@pos.local/export.json',
      'C:/exports',
      '../etc',
      'ept/./a',
      '/abs/folder',
    ]) {
      expect({ value, problem: problemOf(value) }).toEqual({
        value,
        problem: [{ path: ['folder_path'], message: V.invalid, params: undefined }],
      });
    }
  });

  it('allows a URL up to 500 characters and a folder up to 200, each with its own maximum in the message', () => {
    const url = (length: number) => `https://pos.local/${'a'.repeat(length - 'https://pos.local/'.length)}`;
    expect(folderPathOf(url(EPOINT_PULL_URL_MAX)).success).toBe(true);
    expect(problemOf(url(EPOINT_PULL_URL_MAX + 1))).toEqual([
      { path: ['folder_path'], message: V.maxLength, params: { max: 500 } },
    ]);
    expect(folderPathOf('a'.repeat(200)).success).toBe(true);
    expect(problemOf('a'.repeat(201))).toEqual([{ path: ['folder_path'], message: V.maxLength, params: { max: 200 } }]);
  });
});

describe(isEpointPullUrl.name, () => {
  it('tells a URL source from a folder', () => {
    expect(isEpointPullUrl('https://pos.local/export.json')).toBe(true);
    expect(isEpointPullUrl('http://127.0.0.1:1/x')).toBe(true);
    expect(isEpointPullUrl('ept/outlet-a')).toBe(false);
    expect(isEpointPullUrl('http.exports/today')).toBe(false);
  });
});
