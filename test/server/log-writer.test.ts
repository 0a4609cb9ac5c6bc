import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LineWriter } from '../../server/logger.ts';

const run = promisify(execFile);

/** A sink that keeps each write it is given, as the writer hands them over. */
function sink() {
  const writes: string[] = [];
  return { writes, write: (text: string) => void writes.push(text) };
}

const turnEnd = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the log writer', () => {
  it('writes the lines of a turn together, in order, once the turn ends', async () => {
    const out = sink();
    const writer = new LineWriter(out);
    try {
      for (const n of [1, 2, 3]) writer.write(`line ${n}\n`);
      expect(out.writes).toEqual([]);
      await turnEnd();
      expect(out.writes).toEqual(['line 1\nline 2\nline 3\n']);
      writer.write('line 4\n');
      await turnEnd();
      expect(out.writes).toEqual(['line 1\nline 2\nline 3\n', 'line 4\n']);
    } finally {
      writer.close();
    }
  });

  it('writes at once past 64 Ki characters waiting, keeping the order', async () => {
    const out = sink();
    const writer = new LineWriter(out);
    try {
      const long = `${'x'.repeat(40 * 1024)}\n`;
      writer.write('first\n');
      writer.write(long);
      expect(out.writes).toEqual([]);
      writer.write(long);
      expect(out.writes).toEqual([`first\n${long}${long}`]);
      writer.write('last\n');
      await turnEnd();
      expect(out.writes.join('')).toBe(`first\n${long}${long}last\n`);
    } finally {
      writer.close();
    }
  });

  // A process that logs 2000 lines in one turn and then ends as the case says.
  const ends = {
    'a clean stop (process.exit)': 'process.exit(0);',
    'an uncaught error': "throw new Error('fatal');",
    'a rejected promise nobody handles': "void Promise.reject(new Error('fatal'));",
  };
  it.each(Object.entries(ends))('loses no line on %s', async (_, end) => {
    const script = [
      `import { jsonLogger } from ${JSON.stringify(path.resolve('server/logger.ts'))};`,
      'const logger = jsonLogger();',
      "for (let n = 0; n < 2000; n += 1) logger.info('line', { n });",
      end,
    ].join('\n');
    const finished = await run(process.execPath, ['--input-type=module', '-e', script], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string; code: number }) => error);
    const numbers = finished.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { n: number }).n);
    expect(numbers).toEqual(Array.from({ length: 2000 }, (_, n) => n));
  });
});
