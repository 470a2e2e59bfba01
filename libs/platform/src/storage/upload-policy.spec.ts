import { CommonErrorCode } from '@scm/contracts';
import {
  DOCUMENT_UPLOAD_POLICY,
  IMAGE_UPLOAD_POLICY,
  MAX_UPLOAD_BYTES,
  UploadRejectedError,
  inspectUpload,
} from './upload-policy.js';

/** File contents that start like the real thing, padded to `size` bytes. */
const files = {
  pdf: (size = 64) => withHeader(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), size),
  jpeg: (size = 64) => withHeader(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), size),
  png: (size = 64) => withHeader(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), size),
  exe: (size = 64) => withHeader(Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), size),
  gif: (size = 64) => withHeader(Buffer.from('GIF89a', 'latin1'), size),
};

function withHeader(header: Buffer, size: number): Buffer {
  const body = Buffer.alloc(Math.max(size, header.length), 0x20);
  header.copy(body);
  return body;
}

function rejection(body: Buffer, name: string, policy = DOCUMENT_UPLOAD_POLICY): UploadRejectedError {
  try {
    inspectUpload(body, name, policy);
  } catch (error) {
    if (error instanceof UploadRejectedError) return error;
    throw error;
  }
  throw new Error(`${name} was accepted`);
}

describe(inspectUpload.name, () => {
  it('accepts PDF, JPEG and PNG documents and names their type and extension', () => {
    expect(inspectUpload(files.pdf(), 'invoice-0042.pdf', DOCUMENT_UPLOAD_POLICY)).toEqual({
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    expect(inspectUpload(files.jpeg(), 'delivery-order.JPG', DOCUMENT_UPLOAD_POLICY)).toEqual({
      contentType: 'image/jpeg',
      extension: 'jpg',
    });
    expect(inspectUpload(files.jpeg(), 'receipt.jpeg', DOCUMENT_UPLOAD_POLICY)).toEqual({
      contentType: 'image/jpeg',
      extension: 'jpeg',
    });
    expect(inspectUpload(files.png(), 'scan.png', DOCUMENT_UPLOAD_POLICY)).toEqual({
      contentType: 'image/png',
      extension: 'png',
    });
  });

  it('refuses an executable renamed to invoice.pdf', () => {
    const error = rejection(files.exe(), 'invoice.pdf');

    expect(error.reason).toBe(CommonErrorCode.FILE_TYPE_NOT_ALLOWED);
  });

  it('accepts a PNG named scan.pdf as the PNG it is', () => {
    expect(inspectUpload(files.png(), 'scan.pdf', DOCUMENT_UPLOAD_POLICY)).toEqual({
      contentType: 'image/png',
      extension: 'png',
    });
  });

  it('refuses a PDF as a product image, even when named photo.png', () => {
    expect(rejection(files.pdf(), 'photo.png', IMAGE_UPLOAD_POLICY).reason).toBe(
      CommonErrorCode.IMAGE_TYPE_NOT_ALLOWED,
    );
    expect(inspectUpload(files.jpeg(), 'photo.jpg', IMAGE_UPLOAD_POLICY).contentType).toBe('image/jpeg');
    expect(inspectUpload(files.png(), 'photo.png', IMAGE_UPLOAD_POLICY).contentType).toBe('image/png');
  });

  it('refuses types outside the list, empty files and files too short to carry a signature', () => {
    for (const [body, name] of [
      [files.gif(), 'animation.gif'],
      [Buffer.from('name,qty\napple,3\n'), 'sales.pdf'],
      [Buffer.alloc(0), 'empty.pdf'],
      [Buffer.from([0xff, 0xd8]), 'truncated.jpg'],
    ] as const) {
      expect(rejection(body, name).reason).toBe(CommonErrorCode.FILE_TYPE_NOT_ALLOWED);
    }
  });

  it('accepts a file of exactly 20 MB and refuses one byte more', () => {
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
    expect(inspectUpload(files.pdf(MAX_UPLOAD_BYTES), 'big.pdf', DOCUMENT_UPLOAD_POLICY).contentType).toBe(
      'application/pdf',
    );
    expect(inspectUpload(files.jpeg(MAX_UPLOAD_BYTES), 'big.jpg', IMAGE_UPLOAD_POLICY).contentType).toBe('image/jpeg');

    const error = rejection(files.pdf(MAX_UPLOAD_BYTES + 1), 'too-big.pdf');
    expect(error.reason).toBe(CommonErrorCode.FILE_TOO_LARGE);
    expect(rejection(files.png(MAX_UPLOAD_BYTES + 1), 'too-big.png', IMAGE_UPLOAD_POLICY).reason).toBe(
      CommonErrorCode.FILE_TOO_LARGE,
    );
  });
});
