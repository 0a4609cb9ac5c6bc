import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text a PDF reader finds in a document, its pages joined, white space as single
 * spaces (a no-break space too): what a receipt says, read back as a reader would.
 */
export async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes).slice());
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/gu, ' ');
}

/** What a reader shows of a document besides its text: pages, page size, metadata. */
export async function pdfFacts(bytes: ArrayBuffer | Uint8Array) {
  // A copy: the reader takes the buffer it is given over.
  const document = await getDocumentProxy(new Uint8Array(bytes).slice());
  const page = await document.getPage(1);
  const info = (await document.getMetadata()).info as Record<string, unknown>;
  return {
    pages: document.numPages,
    /** Width and height in points, rounded. */
    size: [page.view[2], page.view[3]].map((points = 0) => Math.round(points)),
    title: info['Title'],
    author: info['Author'],
    language: info['Language'],
  };
}

/**
 * The first page's lines as a reader lays them out: the texts drawn at one height,
 * joined in their order, top to bottom.
 */
export async function pdfLines(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(bytes).slice());
  const content = await (await document.getPage(1)).getTextContent();
  const rows = new Map<number, string>();
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const y = Math.round(item.transform[5] as number);
    rows.set(y, (rows.get(y) ?? '') + item.str);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, text]) => text.replace(/\s+/gu, ' ').trim());
}
