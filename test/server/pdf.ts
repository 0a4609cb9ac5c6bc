import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text a PDF reader finds in a document, its pages joined, white space as single
 * spaces (a no-break space too): what a receipt says, read back as a reader would.
 */
export async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/gu, ' ');
}
