/**
 * The players' rulebook (issue 21): a book for every game and preset in German and English that names every
 * option the engine's GameMeta lists, in the player's words (no file paths, identifiers or code), with a worked
 * example; and the renderer that shows it turns any text into text, never into HTML.
 */
import { GAME_META } from '@stich/engine';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadRulebook } from '../src/rulebook/index.ts';
import { Markdown } from '../src/rulebook/Markdown.tsx';

const games = Object.values(GAME_META).filter((g) => g !== undefined);

describe('rulebook', () => {
  for (const g of games)
    for (const p of g.presets)
      for (const lang of ['de', 'en'] as const)
        it(`${g.id} ${p.id} ${lang}: every option named, no developer text, a worked example`, async () => {
          const book = await loadRulebook(g.id, p.id);
          expect(book).not.toBeNull();
          const md = book![lang];
          const missing = g.options.filter((o) => !md.includes(`**${o.name[lang]}**`)).map((o) => o.key);
          expect(missing).toEqual([]);
          // Identifiers of the engine (camelCase option keys), code marks, file paths and links are the
          // developers' documents' business.
          const ids = g.options.map((o) => o.key).filter((k) => /[A-Z]/.test(k) && md.includes(k));
          expect(ids).toEqual([]);
          expect(md).not.toMatch(/`|docs\/|packages\/|\.md\b|\.json\b|\]\(/);
          expect(md).toMatch(lang === 'de' ? /\*\*Beispiel\*\*/ : /\*\*Example\*\*/);
          expect(md.match(/^## /gm)?.length ?? 0).toBeGreaterThanOrEqual(5);
        });

  it('the Doppelkopf house book says Armut passes the trumps and gets as many back; DDV has no Armut', async () => {
    const house = (await loadRulebook('doppelkopf', 'house'))!;
    expect(house.de).toContain('gibt alle seine Trümpfe verdeckt');
    expect(house.en).toContain('passes all his trumps face down');
    const ddv = (await loadRulebook('doppelkopf', 'ddv'))!;
    expect(ddv.de).toContain('48 Karten mit Neunen');
    expect(ddv.de).not.toContain('## Armut');
  });

  it('renders its markdown subset as elements and any markup in the text as text', () => {
    const html = renderToStaticMarkup(
      createElement(Markdown, {
        source:
          '## Head\n\nA <img src=x onerror=alert(1)> and **bold**\n\n- one\n- two\n\n1. first\n2. second\n\n| a | b |\n| --- | --- |\n| <script>x</script> | 2 |',
      }),
    );
    expect(html).toContain('<h3>Head</h3>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<ol><li>first</li><li>second</li></ol>');
    expect(html).toContain('<th scope="col">a</th>');
    expect(html).toContain('<td>&lt;script&gt;x&lt;/script&gt;</td>');
    expect(html).not.toMatch(/<img|<script/);
  });
});
