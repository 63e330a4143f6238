import { RequestRefused, type StoredFile } from './api';
import { MAX_FILE_BYTES, MAX_FILES_PER_SUBMISSION, UPLOAD_CONTENT_TYPES } from '#shared/domain/files';
import { h, replaceContent } from './dom';

/**
 * A submission's files, each with a button that asks for a short-lived
 * link and follows it: the file store sends it as an attachment, so the
 * browser downloads it and the page stays.
 */
export function fileList(files: StoredFile[], link: (key: string) => Promise<string>): HTMLElement {
  return h(
    'ul',
    { class: 'files' },
    ...files.map((file) => {
      const status = h('span', { class: 'form-status', role: 'status' });
      const button = h('button', { type: 'button' }, `Download ${file.name}`);
      button.addEventListener('click', () => {
        link(file.key)
          .then((url) => window.location.assign(url))
          .catch(() => replaceContent(status, 'The link could not be made; try again.'));
      });
      return h('li', {}, button, ` ${formatBytes(file.size)} `, status);
    }),
  );
}

const formatBytes = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What a team may upload, as people name it. */
const FILE_KINDS = [...new Set(Object.values(UPLOAD_CONTENT_TYPES).map((kind) => kind.replace(/ (image|document|workbook|deck|archive)$/, '')))].join(', ');

/** A file picker for an answer, a report or a finding, with its label: the types a team may upload, how many, how large. */
export function filePicker(id: string): [HTMLLabelElement, HTMLInputElement] {
  return [
    h('label', { for: id }, `Files, if any (${FILE_KINDS}; at most ${MAX_FILES_PER_SUBMISSION}, ${MAX_FILE_BYTES / 1024 / 1024} MB each)`),
    h('input', { id, name: 'files', type: 'file', multiple: true, accept: Object.keys(UPLOAD_CONTENT_TYPES).join(',') }),
  ];
}

/** Uploads the files picked, one at a time (the status says which), to the file store: their keys, for what names them. */
export async function uploadPicked(picker: HTMLInputElement, upload: (file: File) => Promise<string>, status: HTMLElement): Promise<string[]> {
  const chosen = [...(picker.files ?? [])];
  if (chosen.length > MAX_FILES_PER_SUBMISSION) throw new RequestRefused(400, `Send at most ${MAX_FILES_PER_SUBMISSION} files at once.`, []);
  const keys: string[] = [];
  for (const file of chosen) {
    replaceContent(status, `Uploading ${file.name}…`);
    keys.push(await upload(file));
  }
  return keys;
}
