export * from './cells.js';
export * from './labels.js';
export * from './sheet-import.js';
export * from './workbook.js';
export * from './excel-file.js';
