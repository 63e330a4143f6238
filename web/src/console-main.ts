import { consolePage } from './pages/console';

/** The organisers' console's own script: spectators' pages never load it. */
const content = document.getElementById('content');
if (content && document.body.dataset.page === 'console') consolePage(content);
