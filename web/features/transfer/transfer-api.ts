import type { ImportPreview, ImportResult, ListExportQuery } from '../../../common/schemas/transfer.ts';
import { api, apiResponse } from '../../core/net/client.ts';

/** The import and export calls (docs/api.md, "Import and export"). */

export interface ImportOptions {
  /** Import it although the same file was imported before. */
  again?: boolean;
  /** Into this list instead of new lists. */
  listId?: string;
}

const importQuery = (file: File, { again = false, listId }: ImportOptions) =>
  new URLSearchParams({ file_name: file.name, ...(listId !== undefined ? { list_id: listId } : {}), ...(again ? { again: 'true' } : {}) });

export const previewImport = (file: File, options: ImportOptions = {}): Promise<ImportPreview> =>
  api(`/imports/preview?${importQuery(file, { listId: options.listId })}`, { method: 'POST', file });

export const applyImport = (file: File, options: ImportOptions, onUploadProgress: (fraction: number) => void): Promise<ImportResult> =>
  api(`/imports?${importQuery(file, options)}`, { method: 'POST', file, onUploadProgress });

/** Downloads what `path` answers as the file the server names. */
async function download(path: string, fallbackName: string): Promise<void> {
  const response = await apiResponse(path);
  const disposition = response.headers.get('content-disposition') ?? '';
  // `filename*` keeps a list's name as it is written; `filename` has its letters beyond ASCII replaced.
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = encoded !== undefined ? decodeURIComponent(encoded) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads the account's export. */
export const downloadExport = (): Promise<void> => download('/export', 'listo-export.zip');

/** Downloads one list as Markdown or CSV. */
export const downloadListExport = (listId: string, format: ListExportQuery['format']): Promise<void> =>
  download(`/lists/${encodeURIComponent(listId)}/export?format=${format}`, `list.${format === 'markdown' ? 'md' : 'csv'}`);
