import { fileSize, uploadProblem, ATTACHMENT_ACCEPT } from '../../web/src/components/attachments/upload-checks.js';

const MB = 1024 * 1024;

describe(uploadProblem.name, () => {
  it('lets documents within the limits through', () => {
    expect(
      uploadProblem(
        [
          { name: 'scan.PNG', size: 20 * MB },
          { name: 'order.pdf', size: 1 },
        ],
        8,
        10,
      ),
    ).toBeUndefined();
  });

  it('refuses a file over 20 MB, a type outside pdf/jpeg/jpg/png and one file too many', () => {
    expect(uploadProblem([{ name: 'huge.pdf', size: 20 * MB + 1 }], 0, 10)).toBe('tooLarge');
    expect(uploadProblem([{ name: 'setup.exe', size: 10 }], 0, 10)).toBe('wrongType');
    expect(uploadProblem([{ name: 'no-extension', size: 10 }], 0, 10)).toBe('wrongType');
    expect(
      uploadProblem(
        [
          { name: 'a.jpg', size: 1 },
          { name: 'b.jpeg', size: 1 },
        ],
        9,
        10,
      ),
    ).toBe('maxCount');
  });

  it('offers the SPEC types in the picker', () => {
    expect(ATTACHMENT_ACCEPT).toBe('.pdf,.jpeg,.jpg,.png');
  });
});

describe(fileSize.name, () => {
  it.each([
    [0, { value: '0', unit: 'bytes' }],
    [1023, { value: '1023', unit: 'bytes' }],
    [1536, { value: '1.5', unit: 'kb' }],
    [200 * 1024, { value: '200', unit: 'kb' }],
    [1.25 * MB, { value: '1.3', unit: 'mb' }],
    [20 * MB, { value: '20', unit: 'mb' }],
  ])('%d bytes read %j', (bytes, expected) => {
    expect(fileSize(bytes)).toEqual(expected);
  });
});
