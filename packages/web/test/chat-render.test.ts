/**
 * The chat drawn without a browser (React's server renderer): the replay shows the record's chat up to the
 * step on screen, quick phrases in the interface's language, spectators marked, a removed text as removed,
 * and markup a player wrote as escaped text. The live panel's own test is chat.test.ts (Chromium).
 */
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReplayChat } from '../src/Chat.tsx';
import { resources } from '../src/i18n/index.ts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { de: { translation: resources.de }, en: { translation: resources.en } },
    lng: 'de',
    fallbackLng: 'de',
    interpolation: { escapeValue: false },
  });
});

const CHAT = [
  { n: 0, ch: 'players', name: 'Anna', quick: 'gg', seq: 1 },
  { n: 1, ch: 'spectators', name: 'Sven', text: '<img src=x onerror=alert(1)>', seq: 3 },
  { n: 2, ch: 'players', name: 'Gelöscht #ab12', text: null, seq: 3 },
  { n: 3, ch: 'players', name: 'Bert', text: 'später', seq: 9 },
];
const render = (seq: number) => renderToStaticMarkup(createElement(ReplayChat, { chat: CHAT, seq }));

describe('the chat in the replay', () => {
  it('shows what was written up to the step, as text', async () => {
    await i18next.changeLanguage('de');
    const at3 = render(3);
    expect(at3).toContain('Gut gespielt');
    expect(at3).toContain('Sven (Zuschauer)');
    expect(at3).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(at3).not.toContain('<img');
    expect(at3).toContain('(entfernt)');
    expect(at3).not.toContain('später');
    expect(render(9)).toContain('später');
    expect(render(0)).not.toContain('Gut gespielt');
    await i18next.changeLanguage('en');
    expect(render(3)).toContain('Well played');
    expect(render(3)).toContain('(removed)');
    await i18next.changeLanguage('de');
  });

  it('shows nothing for a record without chat', () => {
    expect(renderToStaticMarkup(createElement(ReplayChat, { chat: [], seq: 5 }))).toBe('');
  });
});
