// The server's own HTML (the sandbox providers' pages, the sandbox web GIS, the
// development mailbox): one page shell that looks like the portal, since these pages stand in for real providers in every demo.
import { escapeHtml } from '../escape-html.ts';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#18181b;background:#f4f4f5}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #e4e4e7;border-radius:12px}
.wide main{max-width:48rem}
.badge{display:inline-block;font-size:.75rem;font-weight:600;letter-spacing:.02em;text-transform:uppercase;color:#92400e;background:#fef3c7;border-radius:4px;padding:.125rem .5rem}
h1{font-size:1.5rem;line-height:1.25;margin:.75rem 0 1rem}
p{margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.5rem;padding:1rem;background:#f4f4f5;border-radius:8px}
dt{color:#52525b}dd{margin:0;font-weight:600}
label{display:block;font-size:.875rem;font-weight:500;margin-bottom:.25rem}
input[type=text],input[type=email]{width:100%;font:inherit;padding:.5rem .75rem;border:1px solid #d4d4d8;border-radius:6px;margin-bottom:1rem}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0 0}
button{font:inherit;font-weight:500;padding:.5rem 1rem;border-radius:6px;border:1px solid #d4d4d8;background:#fff;color:#18181b;cursor:pointer}
button.primary{background:#1e40af;border-color:#1e40af;color:#fff}
button:focus-visible,a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
a{color:#1e40af}
@media (max-width:30rem){main{margin:0;border:0;border-radius:0;min-height:100dvh}}
`;

/**
 * A page in the portal's look: a centred card under a badge saying what stands in
 * (`Sandbox`), its title, and the body (HTML the caller escaped).
 */
export function standInPage({
  title,
  body,
  lang = 'en',
  badge = 'Sandbox',
  wide = false,
}: {
  title: string;
  body: string;
  lang?: string;
  badge?: string;
  wide?: boolean;
}): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body${wide ? ' class="wide"' : ''}><main><span class="badge">${escapeHtml(badge)}</span><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
