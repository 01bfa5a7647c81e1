export { downloadExport, downloadListExport } from './transfer-api.ts';
export { ImportSkipped } from './ImportSkipped.tsx';
export { useImport } from './useImport.ts';
export { ListImportDialog } from './lazy-dialogs.ts';
