/**
 * A tiny renderer for the rulebook's restricted markdown: `##`/`###` headings, paragraphs, `-` and `1.` lists,
 * `|` tables (first row the header, second the separator) and `**bold**`. Everything becomes React text nodes,
 * so no text is ever read as HTML.
 */
import type { ReactNode } from 'react';

export function Markdown({ source }: { source: string }) {
  return <>{blocks(source)}</>;
}

function blocks(md: string): ReactNode[] {
  return md
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((b, i) => {
      const key = String(i);
      const h = /^(#{2,3})\s+(.*)$/.exec(b);
      if (h && !b.includes('\n'))
        return h[1].length === 2 ? <h3 key={key}>{inline(h[2])}</h3> : <h4 key={key}>{inline(h[2])}</h4>;
      const lines = b.split('\n');
      if (lines.every((l) => l.trim().startsWith('|'))) return table(key, lines);
      if (/^[-*]\s/.test(b)) return <ul key={key}>{items(b, /\n(?=[-*]\s)/, /^[-*]\s+/)}</ul>;
      if (/^\d+\.\s/.test(b)) return <ol key={key}>{items(b, /\n(?=\d+\.\s)/, /^\d+\.\s+/)}</ol>;
      return <p key={key}>{inline(b)}</p>;
    });
}

function items(b: string, split: RegExp, marker: RegExp): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
  return b.split(split).map((item, j) => <li key={j}>{inline(item.replace(marker, ''))}</li>);
}

function table(key: string, lines: string[]): ReactNode {
  const cells = (l: string) =>
    l
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  const [head, , ...rows] = lines;
  return (
    <div key={key} className="md-table">
      <table>
        <thead>
          <tr>
            {cells(head).map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
              <th key={j} scope="col">
                {inline(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
            <tr key={j}>
              {cells(r).map((c, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
                <td key={k}>{inline(c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Text with `**bold**` parts; line breaks inside a block are spaces. */
function inline(s: string): ReactNode[] {
  return s
    .replace(/\s*\n\s*/g, ' ')
    .split(/\*\*(.+?)\*\*/g)
    .map((part, i) =>
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
      i % 2 === 1 ? <strong key={i}>{part}</strong> : part,
    );
}
