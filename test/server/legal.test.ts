import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LegalDocument } from '../../contract/legal.ts';
import * as v from 'valibot';
import {
  DEFAULT_LEGAL_DIR,
  LEGAL_FILE_MAX_BYTES,
  libraryKey,
  loadLegalDocuments,
  parseLegalText,
} from '../../server/legal/documents.ts';
import { memoryLogger } from '../../server/logger.ts';
import { useTestServer } from './harness.ts';

const server = useTestServer();

describe('GET /api/v1/legal/{document}/{locale}/', () => {
  it.each([
    ['terms', 'en', 'Terms of service', 'Your account'],
    ['terms', 'ru', 'Условия использования', 'Ваш аккаунт'],
    ['privacy', 'en', 'Privacy policy', 'What we collect'],
    ['privacy', 'ru', 'Политика конфиденциальности', 'Какие данные мы собираем'],
  ])(
    'answers %s in %s to a visitor, from the shipped texts',
    async (doc, locale, title, heading) => {
      const answer = await server().client().get(`/api/v1/legal/${doc}/${locale}/`);
      expect(answer.status).toBe(200);
      const body = v.parse(LegalDocument, await answer.json());
      expect(body.title).toBe(title);
      expect(body.blocks).toContainEqual({ kind: 'heading', text: heading });
      expect(body.blocks.some((block) => block.kind === 'list')).toBe(true);
      expect(body.blocks.some((block) => block.kind === 'paragraph')).toBe(true);
    },
  );

  it.each(['/api/v1/legal/cookies/en/', '/api/v1/legal/terms/de/', '/api/v1/legal/terms/'])(
    'answers 404 not_found for %s',
    async (url) => {
      const answer = await server().client().get(url);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 'not_found' });
    },
  );
});

describe('an operator folder (LEGAL_DIR)', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'portal-legal-'));
    await writeFile(
      path.join(folder, 'terms.en.txt'),
      'Terms of Example Ltd\r\n\r\nUse it well.\r\n',
    );
    await writeFile(path.join(folder, 'privacy.en.txt'), '\n\n  \n');
    await writeFile(path.join(folder, 'privacy.ru.txt'), 'x'.repeat(LEGAL_FILE_MAX_BYTES + 1));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('serves its texts and takes each missing or bad one from the shipped texts, warning', async () => {
    const logger = memoryLogger();
    const library = await loadLegalDocuments(folder, logger);
    expect(library.get(libraryKey('terms', 'en'))).toEqual({
      title: 'Terms of Example Ltd',
      blocks: [{ kind: 'paragraph', text: 'Use it well.' }],
    });
    expect(library.get(libraryKey('terms', 'ru'))?.title).toBe('Условия использования');
    expect(library.get(libraryKey('privacy', 'en'))?.title).toBe('Privacy policy');
    expect(library.get(libraryKey('privacy', 'ru'))?.title).toBe('Политика конфиденциальности');
    const warnings = logger.entries.filter((e) => e.level === 'warn').map((e) => e.message);
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).toMatch(/terms\.ru\.txt[\s\S]*privacy\.en\.txt[\s\S]*privacy\.ru/);
  });

  it('reads the shipped texts without a word in the log; an empty folder takes all four', async () => {
    const logger = memoryLogger();
    const library = await loadLegalDocuments(DEFAULT_LEGAL_DIR, logger);
    expect(library.size).toBe(4);
    expect(logger.entries).toEqual([]);
    const empty = await mkdtemp(path.join(tmpdir(), 'portal-legal-empty-'));
    try {
      const fromEmpty = await loadLegalDocuments(empty, logger);
      expect([...fromEmpty.values()]).toEqual([...library.values()]);
      expect(logger.entries.map((e) => e.level)).toEqual(['warn', 'warn', 'warn', 'warn']);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('parseLegalText', () => {
  it('reads the title, headings, paragraphs and lists', () => {
    const text = [
      '\uFEFF  Title  ',
      'An intro that',
      'wraps.',
      '',
      'Section one',
      '',
      'A paragraph:',
      '- first item',
      '  goes on',
      '* second item',
      '',
      'Not a heading.',
      '',
      '- only a list',
    ].join('\n');
    expect(parseLegalText(text)).toEqual({
      title: 'Title',
      blocks: [
        { kind: 'paragraph', text: 'An intro that wraps.' },
        { kind: 'heading', text: 'Section one' },
        { kind: 'paragraph', text: 'A paragraph:' },
        { kind: 'list', items: ['first item goes on', 'second item'] },
        { kind: 'paragraph', text: 'Not a heading.' },
        { kind: 'list', items: ['only a list'] },
      ],
    });
  });

  it('has no document without a title', () => {
    expect(parseLegalText('')).toBeNull();
    expect(parseLegalText('\n \n\t\n')).toBeNull();
  });
});
