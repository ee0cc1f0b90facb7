/**
 * The fair deal in the browser (docs/fair-deal.md): sends this seat's own random value for each committed
 * deal, remembers the commitment it saw before the deal, and checks every revealed deal itself with
 * WebCrypto: the seed against that commitment, its own value in the proof, and the cards against the
 * engine's shuffle (`@stich/protocol/fair`, loaded only when a deal is revealed: it carries the engine).
 * The badge shows the last deal's result and links to the page that explains the method.
 */
import type { FairNews, TableInfo } from '@stich/protocol';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from './LangSwitch.tsx';

interface FairResult {
  /** The deal's number in the record (0 for the first). */
  readonly deal: number;
  readonly result: 'checking' | 'ok' | 'failed' | 'unverifiable';
  readonly reason?: string;
}

interface Sent {
  readonly commitment: string;
  /** This seat's value, when it is seated. */
  readonly value?: string;
  /** The server took the value (a value that came too late is refused: it is not in the proof). */
  readonly taken?: boolean;
}

function randomHex32(): string {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** What was sent for a deal survives a reload of the page (sessionStorage), so the same value is sent again. */
const key = (table: string, deal: number) => `stich.fair.${table}.${deal}`;
function load(table: string, deal: number): Sent | null {
  try {
    const x = sessionStorage.getItem(key(table, deal));
    return x ? (JSON.parse(x) as Sent) : null;
  } catch {
    return null;
  }
}
function save(table: string, deal: number, s: Sent): void {
  try {
    sessionStorage.setItem(key(table, deal), JSON.stringify(s));
  } catch {
    // not kept: a reload sends a new value, which the server takes until the deal is dealt
  }
}

/** One table's commit and reveal as this connection sees it. */
export class FairWatch {
  private readonly table: string;
  private info: TableInfo | null = null;
  private seat: number | null = null;
  private last: FairResult | null = null;
  /** The deal and commitment this connection sent its value for (the answer repeats the commitment). */
  private sent = '';
  private readonly listeners = new Set<() => void>();

  constructor(table: string) {
    this.table = table;
  }

  /** The table's info; with `seat`, a new connection (welcome): its server may not have the value yet. */
  setTable(info: TableInfo, seat?: number | null): void {
    this.info = info;
    if (seat !== undefined) {
      this.seat = seat;
      this.sent = '';
    }
  }

  /** A `fair` message: send this seat's value for the next deal, check the revealed one. */
  news(n: FairNews, send: (deal: number, value: string, taken: () => void) => void): void {
    if (n.next) {
      const { deal, commitment } = n.next;
      const had = load(this.table, deal);
      const same = had?.commitment === commitment ? had : null;
      if (this.seat !== null && this.sent !== `${deal}:${commitment}`) {
        const value = same?.value ?? randomHex32();
        if (!same?.value) save(this.table, deal, { commitment, value });
        this.sent = `${deal}:${commitment}`;
        send(deal, value, () => save(this.table, deal, { commitment, value, taken: true }));
      } else if (!same) save(this.table, deal, { commitment });
    }
    const r = n.revealed;
    if (r && this.info && r.deal !== this.last?.deal) {
      this.set({ deal: r.deal, result: 'checking' });
      void this.check(r.deal, r.dealt, this.info).then((x) => {
        if (this.last?.deal === r.deal) this.set(x);
      });
    }
  }

  private async check(
    deal: number,
    dealt: Readonly<Record<string, unknown>>,
    info: TableInfo,
  ): Promise<FairResult> {
    const proof = dealt.fair as { commitment?: string; clients?: (string | null)[] } | undefined;
    if (!proof) return { deal, result: 'unverifiable', reason: 'no proof' };
    if (!globalThis.crypto?.subtle)
      return { deal, result: 'unverifiable', reason: 'no WebCrypto (not a secure page)' };
    const sent = load(this.table, deal);
    if (sent && sent.commitment !== proof.commitment)
      return { deal, result: 'failed', reason: 'the commitment differs from the one sent before the deal' };
    if (sent?.taken && sent.value && this.seat !== null && proof.clients?.[this.seat] !== sent.value)
      return { deal, result: 'failed', reason: 'your value is missing from the proof' };
    try {
      const fair = await import('@stich/protocol/fair');
      const config = {
        players: info.players,
        ...(info.preset ? { preset: info.preset } : {}),
        options: info.options,
      };
      const c = await fair.checkRevealedGame(info.game, config, deal, dealt);
      return c.reason === undefined
        ? { deal, result: c.result }
        : { deal, result: c.result, reason: c.reason };
    } catch (e) {
      return { deal, result: 'unverifiable', reason: (e as Error).message };
    }
  }

  private set(r: FairResult): void {
    this.last = r;
    for (const l of this.listeners) l();
  }

  readonly subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  readonly current = (): FairResult | null => this.last;
}

/**
 * The last revealed deal's check, linking to the explanation. `onOpen` may stop the link (it is a way
 * out of a running match, which asks first).
 */
export function FairBadge({
  watch,
  onOpen,
}: {
  watch: FairWatch;
  onOpen?: (e: { preventDefault(): void }) => void;
}) {
  const { t } = useTranslation();
  const r = useSyncExternalStore(watch.subscribe, watch.current);
  if (!r) return null;
  const n = r.deal + 1;
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real link to #/fair; its click only asks first in a running match
    <a
      className={`fair-badge fair-${r.result}`}
      data-testid="fair-badge"
      data-result={r.result}
      data-deal={r.deal}
      href="#/fair"
      title={r.reason ?? t('fair.badgeTitle')}
      aria-live="polite"
      onClick={onOpen}
    >
      {r.result === 'ok' ? '✓ ' : r.result === 'failed' ? '✗ ' : ''}
      {t(`fair.${r.result}`, { n })}
    </a>
  );
}

type RecordVerdict =
  | { readonly kind: 'checking' }
  | {
      readonly kind: 'done';
      readonly ok: number;
      readonly total: number;
      readonly problems: readonly string[];
    }
  | { readonly kind: 'error'; readonly reason: string };

/**
 * Every deal of a finished match checked from its record, in this browser: the same check as `stich verify`
 * (`verifyRecord`), so also the deals a live check cannot rebuild (Klapper-Jas for three once two play on).
 */
export function RecordCheck({ load }: { load: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [v, setV] = useState<RecordVerdict>({ kind: 'checking' });
  useEffect(() => {
    let live = true;
    setV({ kind: 'checking' });
    (async () => {
      if (!globalThis.crypto?.subtle) throw new Error('no WebCrypto (not a secure page)');
      const [record, fair] = await Promise.all([load(), import('@stich/protocol/fair')]);
      const r = await fair.verifyRecord(record);
      const problems = r.deals
        .filter((d) => d.result !== 'ok')
        .map((d) => `${t(`fair.${d.result}`, { n: d.deal + 1 })}${d.reason ? `: ${d.reason}` : ''}`);
      if (r.error) problems.push(r.error);
      const ok = r.deals.filter((d) => d.result === 'ok').length;
      if (live) setV({ kind: 'done', ok, total: r.deals.length, problems });
    })().catch((e: Error) => {
      if (live) setV({ kind: 'error', reason: e.message });
    });
    return () => {
      live = false;
    };
  }, [load, t]);
  const result =
    v.kind === 'checking' ? 'checking' : v.kind === 'error' || v.problems.length > 0 ? 'failed' : 'ok';
  return (
    <div className="fair-record" data-testid="fair-record" data-result={result}>
      <a className={`fair-badge fair-${result}`} href="#/fair" title={t('fair.badgeTitle')}>
        {v.kind === 'checking'
          ? t('fair.recordChecking')
          : v.kind === 'error'
            ? `✗ ${t('fair.recordError', { reason: v.reason })}`
            : `${v.problems.length === 0 ? '✓ ' : '✗ '}${t('fair.recordDone', { ok: v.ok, n: v.total })}`}
      </a>
      {v.kind === 'done' && v.problems.length > 0 && (
        <ul className="fair-problems">
          {v.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `#/fair`: how a deal is made and checked, for players. */
export function FairPage() {
  const { t } = useTranslation();
  const steps = t('fair.steps', { returnObjects: true }) as string[];
  return (
    <main className="fair-page">
      <nav className="topbar">
        <button type="button" onClick={() => history.back()}>
          {t('back')}
        </button>
        <strong>{t('fair.title')}</strong>
        <LangSwitch />
      </nav>
      <section className="card-box">
        <h1>{t('fair.title')}</h1>
        <p>{t('fair.intro')}</p>
        <ol>
          {steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <h2>{t('fair.badgeHead')}</h2>
        <ul>
          <li>
            ✓ {t('fair.ok', { n: 'N' })}: {t('fair.okText')}
          </li>
          <li>
            ✗ {t('fair.failed', { n: 'N' })}: {t('fair.failedText')}
          </li>
          <li>
            {t('fair.unverifiable', { n: 'N' })}: {t('fair.unverifiableText')}
          </li>
        </ul>
        <h2>{t('fair.selfHead')}</h2>
        <p>{t('fair.self')}</p>
        <pre>npx stich verify stich-TABLE.json</pre>
        <p>{t('fair.limits')}</p>
      </section>
    </main>
  );
}
