import { consolePage } from './pages/console';
import { historyPage } from './pages/history';
import { memberPage } from './pages/member';
import { scoreboardPage } from './pages/scoreboard';
import { statusPage } from './pages/status';
import { teamPage } from './pages/team';

const pages: Record<string, (content: HTMLElement) => void> = {
  scoreboard: scoreboardPage,
  status: statusPage,
  history: historyPage,
  team: teamPage,
  member: memberPage,
  console: consolePage,
};

const content = document.getElementById('content');
const page = pages[document.body.dataset.page ?? ''];
if (content && page) page(content);
