export * from './ImportButton';
export * from './ImportDialog';
export * from './import-api';
export * from './use-import';
