import type { StoredFile } from './api';
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
