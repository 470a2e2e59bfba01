import { StreamableFile } from '@nestjs/common';
import { contentDisposition } from '../attachments/attachment-names.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx file to send: its name (for the download) and bytes. */
export interface ExcelFile {
  fileName: string;
  body: Buffer;
}

/** A controller's answer that downloads `file` (templates, error reports, exports). */
export function excelResponse(file: ExcelFile): StreamableFile {
  return new StreamableFile(file.body, {
    type: XLSX_MIME,
    disposition: contentDisposition(file.fileName),
    length: file.body.length,
  });
}
