/**
 * The doctor's answer: one line per thing checked, each ready, to do, or a note, with the commands that do
 * what is to do. Printed line by line; the exit code says whether anything is left to do.
 */
export type Status = 'ready' | 'todo' | 'note';

export interface Finding {
  /** A stable name of what was checked (tests and scripts look findings up by it). */
  readonly check: string;
  readonly status: Status;
  readonly text: string;
  /** Commands, in order, that do what is to do (or show what a note says). */
  readonly commands?: readonly string[];
}

export const ready = (check: string, text: string, commands?: readonly string[]): Finding => ({
  check,
  status: 'ready',
  text,
  ...(commands ? { commands } : {}),
});
export const todo = (check: string, text: string, commands?: readonly string[]): Finding => ({
  check,
  status: 'todo',
  text,
  ...(commands ? { commands } : {}),
});
export const note = (check: string, text: string, commands?: readonly string[]): Finding => ({
  check,
  status: 'note',
  text,
  ...(commands ? { commands } : {}),
});

const MARK: Readonly<Record<Status, string>> = { ready: '[ready]', todo: '[to do]', note: '[note] ' };

export function formatFindings(findings: readonly Finding[]): string {
  const lines = findings.flatMap((f) => [
    `${MARK[f.status]} ${f.check}: ${f.text}`,
    ...(f.commands ?? []).map((command) => `          $ ${command}`),
  ]);
  const left = findings.filter((f) => f.status === 'todo').length;
  lines.push(
    '',
    left === 0 ? 'Nothing left to do.' : `${left} thing${left === 1 ? '' : 's'} to do (marked [to do]).`,
  );
  return lines.join('\n');
}
