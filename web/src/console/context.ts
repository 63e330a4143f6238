import type { AdminApi } from './admin-api';

/** What every console section works with: the API, the one editor area, the status line and a reload of the lists. */
export interface ConsoleContext {
  api: AdminApi;
  /** Where a record opens for editing (one at a time). */
  editor: HTMLElement;
  say(text: string): void;
  reload(): Promise<void>;
}
