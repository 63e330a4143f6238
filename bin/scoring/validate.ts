/** `validate <file>`: checks a competition file without a table (before there is a server to load it into). */
import { readValid, type Run } from './context';

export function validate(run: Run, file: string | undefined): void {
  const { competition } = readValid(run.io, file);
  const services = competition.teams.reduce((n, t) => n + t.services.length, 0);
  run.io.out(`${file} is valid: ${competition.teams.length} teams, ${services} services.`);
}
