import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { locales, type Locale } from '../../contract/countries.ts';
import {
  legalDocuments,
  type LegalBlock,
  type LegalDocument,
  type LegalDocumentId,
} from '../../contract/legal.ts';
import type { Logger } from '../logger.ts';

/** The texts shipped with the portal: the default LEGAL_DIR, and the stand-in for a missing file. */
export const DEFAULT_LEGAL_DIR = path.resolve(import.meta.dirname, '../../legal');

/** Far above any real policy; a bigger file is a mistake (a wrong file in the folder). */
export const LEGAL_FILE_MAX_BYTES = 256 * 1024;

export const legalFileName = (document: LegalDocumentId, locale: Locale) =>
  `${document}.${locale}.txt`;

const LIST_ITEM = /^[-*•]\s+/;
/** A one-line block that ends like a sentence is a paragraph; otherwise it is a heading. */
const SENTENCE_END = /[.,:;!?)»"'…]$/;

function textBlock(lines: string[]): LegalBlock {
  const text = lines.join(' ');
  return lines.length === 1 && !SENTENCE_END.test(text)
    ? { kind: 'heading', text }
    : { kind: 'paragraph', text };
}

/** The lines before the first "- " make a heading or paragraph; the rest a list. */
function blocksOf(lines: string[]): LegalBlock[] {
  const start = lines.findIndex((line) => LIST_ITEM.test(line));
  if (start === -1) return [textBlock(lines)];
  const items: string[] = [];
  for (const line of lines.slice(start)) {
    if (LIST_ITEM.test(line)) items.push(line.replace(LIST_ITEM, ''));
    // A wrapped item goes on in the next line.
    else items[items.length - 1] = `${items[items.length - 1] ?? ''} ${line}`;
  }
  const list: LegalBlock = { kind: 'list', items };
  return start === 0 ? [list] : [textBlock(lines.slice(0, start)), list];
}

/**
 * A plain-text document: the first line is the title; blocks are separated by blank
 * lines; lines starting with "- " make a list (of the lines before them, a paragraph);
 * a one-line block that does not end like a sentence is a section heading; any other
 * block is a paragraph (its lines joined). Null when there is no title.
 */
export function parseLegalText(text: string): LegalDocument | null {
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0);
  const [first, ...rest] = blocks;
  const [title, ...intro] = first ?? [];
  if (title === undefined) return null;
  return {
    title,
    blocks: [...(intro.length > 0 ? blocksOf(intro) : []), ...rest.flatMap(blocksOf)],
  };
}

async function readDocument(file: string): Promise<LegalDocument> {
  const bytes = await readFile(file);
  if (bytes.length > LEGAL_FILE_MAX_BYTES) {
    throw new Error(`larger than ${LEGAL_FILE_MAX_BYTES} bytes`);
  }
  const parsed = parseLegalText(bytes.toString('utf8'));
  if (!parsed) throw new Error('no title on the first line');
  return parsed;
}

export type LegalLibrary = ReadonlyMap<string, LegalDocument>;
export const libraryKey = (document: LegalDocumentId, locale: Locale) => `${document}.${locale}`;

/**
 * Reads every document in every locale from `dir` (once, at start). A file that is
 * missing or unreadable there is taken from the texts shipped with the portal, with a
 * warning naming it, so the links in the footer and the sign-up forms always open.
 */
export async function loadLegalDocuments(dir: string, logger: Logger): Promise<LegalLibrary> {
  const library = new Map<string, LegalDocument>();
  const folder = path.resolve(dir);
  for (const document of legalDocuments) {
    for (const locale of locales) {
      const name = legalFileName(document, locale);
      try {
        library.set(libraryKey(document, locale), await readDocument(path.join(folder, name)));
        continue;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (folder === DEFAULT_LEGAL_DIR) {
          logger.error(`legal text ${name} cannot be read: the page answers 404`, { reason });
          continue;
        }
        logger.warn(`legal text ${name} in ${folder} cannot be read: the default text is used`, {
          reason,
        });
      }
      try {
        const fallback = path.join(DEFAULT_LEGAL_DIR, name);
        library.set(libraryKey(document, locale), await readDocument(fallback));
      } catch (error) {
        logger.error(`default legal text ${name} cannot be read: the page answers 404`, {
          error,
        });
      }
    }
  }
  return library;
}
