import { debriefPage } from './pages/debrief';
import { historyPage } from './pages/history';
import { memberPage } from './pages/member';
import { redTeamPage } from './pages/red-team';
import { scoreboardPage } from './pages/scoreboard';
import { statusPage } from './pages/status';
import { teamPage } from './pages/team';

/** The public pages (the console has its own script: console-main.ts). */
const pages: Record<string, (content: HTMLElement) => void> = {
  scoreboard: scoreboardPage,
  status: statusPage,
  history: historyPage,
  team: teamPage,
  member: memberPage,
  'red-team': redTeamPage,
  debrief: debriefPage,
};

const content = document.getElementById('content');
const page = pages[document.body.dataset.page ?? ''];
if (content && page) page(content);
