/**
 * Scores: each deal's breakdown, the match on dice (Klapper-Jas) or as a sheet, and Differenzler's
 * table of estimates and differences per round. Reads the deal results the game's view carries.
 */
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { valueText } from './actions.ts';
import { SuitIcon, type SuitLetter } from './cards.tsx';
import { PartyDie } from './dice.tsx';
import { DokoBreakdown, DokoSheet, dokoWinners } from './doko.tsx';
import type { DealSummary, RoundSummary, TableModel } from './model.ts';

interface ScoresProps {
  model: TableModel;
  names: readonly string[];
  /** The viewer's seat (null for a spectator), for "Du gewinnst". */
  me?: number | null;
}

export function Scores({ model, names, me = null }: ScoresProps) {
  if (model.rounds) return <DifferenzlerSheet model={model} names={names} rounds={model.rounds} />;
  if (model.doko) return <DokoScores model={model} names={names} me={me} />;
  return <MatchScores model={model} names={names} me={me} />;
}

function partyName(names: readonly string[], party: readonly number[]): string {
  return party.map((s) => names[s] ?? `#${s + 1}`).join(' + ');
}

function MatchScores({ model, names, me }: ScoresProps) {
  const { t } = useTranslation();
  const parties = model.parties;
  const scores = model.scores;
  const target = model.target ?? 0;
  // The game keeps its score on dice (its view lays them out); small targets fit on them.
  const laid = model.dice;
  const dice = laid !== null && target <= 12;
  const [mode, setMode] = useState<'dice' | 'sheet'>(dice ? 'dice' : 'sheet');
  return (
    <section className="scores" aria-label={t('score.title')}>
      <header className="scores-head">
        <h2>{t('score.title')}</h2>
        {dice && (
          <div className="seg">
            <button type="button" aria-pressed={mode === 'dice'} onClick={() => setMode('dice')}>
              {t('score.dice')}
            </button>
            <button type="button" aria-pressed={mode === 'sheet'} onClick={() => setMode('sheet')}>
              {t('score.sheet')}
            </button>
          </div>
        )}
      </header>
      {mode === 'dice' ? (
        <div className="dice-row">
          {parties.map((p) => (
            <PartyDie
              key={p.join()}
              label={partyName(names, p)}
              points={scores[p[0]] ?? 0}
              target={target}
              dice={laid?.[p[0]] ?? { faces: [6], raised: true }}
            />
          ))}
        </div>
      ) : (
        <ScoreSheet model={model} names={names} parties={parties} />
      )}
      <DealList model={model} names={names} me={me} />
    </section>
  );
}

/** Doppelkopf: the running list by deal number, then each deal with every point of its value. */
function DokoScores({ model, names, me = null }: ScoresProps) {
  const { t } = useTranslation();
  const list = model.deals.map((r, i) => ({ r, i })).reverse();
  return (
    <section className="scores" aria-label={t('score.title')} data-testid="doko-scores">
      <h2>{t('score.title')}</h2>
      <DokoSheet model={model} names={names} />
      {list.length === 0 ? (
        <p className="muted">{t('score.none')}</p>
      ) : (
        <ol className="deal-list" reversed>
          {list.map(({ r, i }) =>
            r.doko && model.doko ? (
              <li key={i} data-deal={r.doko.deal}>
                <div className="deal-title">
                  <strong>{dealHeadline(t, model, i, names, me)}</strong>
                </div>
                <DokoBreakdown r={r.doko} names={names} options={model.doko.view.options} me={me} />
              </li>
            ) : null,
          )}
        </ol>
      )}
    </section>
  );
}

/** The running match score per party after each deal. */
function ScoreSheet({ model, names, parties }: ScoresProps & { parties: readonly (readonly number[])[] }) {
  const { t } = useTranslation();
  const running = parties.map(() => 0);
  return (
    <table className="sheet">
      <thead>
        <tr>
          <th>{t('score.deal')}</th>
          {parties.map((p) => (
            <th key={p.join()}>{partyName(names, p)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {model.deals.map((r, i) => {
          const add = r.awarded;
          parties.forEach((p, j) => {
            running[j] += add[p[0]] ?? 0;
          });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: deals are an append-only list
            <tr key={i}>
              <td>{i + 1}</td>
              {parties.map((p, j) => (
                <td key={p.join()}>
                  {running[j]}
                  {(add[p[0]] ?? 0) > 0 ? <small> (+{add[p[0]]})</small> : null}
                </td>
              ))}
            </tr>
          );
        })}
        <tr className="sum">
          <td>{t('score.sum')}</td>
          {parties.map((p) => (
            <td key={p.join()}>{model.scores?.[p[0]] ?? 0}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/** Each deal's breakdown: who played what, melds, Belle, last trick, Kontra/Re, points and game points. */
function DealList({ model, names, me = null }: ScoresProps) {
  const { t } = useTranslation();
  if (model.deals.length === 0) return <p className="muted">{t('score.none')}</p>;
  const list = [...model.deals].map((r, i) => ({ r, i })).reverse();
  return (
    <ol className="deal-list" reversed>
      {list.map(({ r, i }) => (
        <li key={i} data-deal={i + 1}>
          <DealBreakdown result={r} names={names} model={model} index={i} me={me} />
        </li>
      ))}
    </ol>
  );
}

const name = (names: readonly string[], s: number | null): string =>
  s !== null ? (names[s] ?? `#${s + 1}`) : '–';

/** The seats that won a deal: the game's named winner (Klaberjass), else those it scored for (Klapper-Jas). */
function dealWinners(r: DealSummary, parties: readonly (readonly number[])[]): number[] {
  if (r.winner !== null) return parties.find((p) => p.includes(r.winner!))?.slice() ?? [r.winner];
  return r.awarded.flatMap((v, s) => (v > 0 ? [s] : []));
}

/** "Spiel 3: Du gewinnst" / "Spiel 3: Bot 1 + Bot 3 gewinnen" / "Runde 2 beendet". */
export function dealHeadline(
  t: TFunction,
  model: TableModel,
  index: number,
  names: readonly string[],
  me: number | null,
): string {
  const r = model.deals[index];
  if (!r) return `${t('score.round')} ${index + 1}: ${t('deal.roundOver')}`;
  const won = r.doko ? dokoWinners(r.doko) : dealWinners(r, model.parties);
  const head = `${t('score.deal')} ${r.doko ? r.doko.deal : index + 1}: `;
  if (won.length === 0) return head + t('table.dealOver');
  const list = won.map((s) => name(names, s)).join(' + ');
  if (me !== null && won.includes(me))
    return head + (won.length > 1 ? t('deal.youWinWith', { names: list }) : t('deal.youWin'));
  return head + t('deal.othersWin', { names: list, count: won.length });
}

export function DealBreakdown({
  result: r,
  names,
  model,
  index,
  me = null,
  bare = false,
}: {
  result: DealSummary;
  names: readonly string[];
  model: TableModel;
  index: number;
  me?: number | null;
  /** Without the headline (the end-of-deal moment has its own). */
  bare?: boolean;
}) {
  const { t } = useTranslation();
  const parties = model.parties;
  const { declarer, trump, points, cardPoints } = r;
  const rows: [string, string][] = [];
  if (r.jas !== null) rows.push([t('score.jas'), name(names, r.jas)]);
  if (r.mie !== null) rows.push([t('score.mie'), name(names, r.mie)]);
  for (const m of r.melds)
    rows.push([
      t('score.melds'),
      m.melds === null
        ? `${name(names, m.seat)}: ${m.value}`
        : `${name(names, m.seat)}: ${valueText(t, 'melds', m.melds)} (${m.value})`,
    ]);
  if (r.meldsVoid) rows.push([t('score.melds'), t('score.meldsVoid')]);
  for (const b of r.belle)
    rows.push([
      t('score.belle'),
      b.value === null ? name(names, b.seat) : `${name(names, b.seat)} (${b.value})`,
    ]);
  if (r.lastTrick !== null) rows.push([t('score.lastTrick'), name(names, r.lastTrick)]);
  if (r.kontra !== null) rows.push([t('score.kontra'), name(names, r.kontra)]);
  if (r.re !== null) rows.push([t('score.re'), name(names, r.re)]);
  const game = r.kind !== null ? `${t(`score.${r.kind}`)}${r.besser ? ` (${t('deal.besser')})` : ''}` : '';
  const awarded = r.awarded;
  const cols = parties.length;
  // One column per party: names never run into numbers.
  const partyRow = (label: string, value: (p: readonly number[]) => string, key: string) => (
    <tr data-row={key}>
      <th scope="row">{label}</th>
      {parties.map((p) => (
        <td key={p.join()} className="num">
          {value(p)}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="deal">
      {!bare && (
        <div className="deal-title">
          <strong>{dealHeadline(t, model, index, names, me)}</strong>
        </div>
      )}
      <p className="deal-sub">
        {game} {trump && <SuitIcon suit={trump as SuitLetter} />}
        {trump && <span className="sr">{t(`suit.${trump}`)}</span>}{' '}
        {declarer === null
          ? ''
          : declarer === me
            ? t('deal.playedByYou')
            : t('deal.playedByDeclarer', { name: name(names, declarer) })}{' '}
        {r.won !== null ? <em>{r.won ? t('score.won') : t('score.lost')}</em> : null}
        {r.gamePoints !== null ? ` · ${t('score.gamePoints')}: ${r.gamePoints}` : ''}
      </p>
      <table className="breakdown">
        <thead>
          <tr>
            <td />
            {parties.map((p) => (
              <th key={p.join()} scope="col">
                {partyName(names, p)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cardPoints && partyRow(t('score.cardPoints'), (p) => String(cardPoints[p[0]]), 'cards')}
          {rows.map(([k, v], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed list per render
            <tr key={i}>
              <th scope="row">{k}</th>
              <td colSpan={cols}>{v}</td>
            </tr>
          ))}
          {points && partyRow(t('score.total'), (p) => String(points[p[0]]), 'total')}
          {awarded.length > 0 && partyRow(t('score.gamePoints'), (p) => `+${awarded[p[0]]}`, 'awarded')}
        </tbody>
      </table>
    </div>
  );
}

/** Differenzler: estimate, points made and difference per seat and round, with running sums. */
function DifferenzlerSheet({ model, names, rounds }: ScoresProps & { rounds: readonly RoundSummary[] }) {
  const { t } = useTranslation();
  const seats = Array.from({ length: model.seats }, (_, i) => i);
  const totals = model.scores;
  return (
    <section className="scores" aria-label={t('score.title')}>
      <h2>{t('score.title')}</h2>
      <div className="sheet-wrap">
        <table className="sheet diff-sheet">
          <thead>
            <tr>
              <th rowSpan={2}>{t('score.round')}</th>
              {seats.map((s) => (
                <th key={s} colSpan={3}>
                  {names[s]}
                </th>
              ))}
            </tr>
            <tr>
              {seats.map((s) => (
                <FragmentHead key={s} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rounds.map((r, i) => {
              const est = r.estimates;
              const pts = r.points;
              const dif = r.differences;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rounds are an append-only list
                <tr key={i} data-round={i + 1}>
                  <td>
                    {i + 1} <SuitIcon suit={r.trump as SuitLetter} size={12} />
                  </td>
                  {seats.map((s) => (
                    <FragmentCells key={s} e={est[s]} p={pts[s]} d={dif[s]} />
                  ))}
                </tr>
              );
            })}
            <tr className="sum">
              <td>{t('score.sum')}</td>
              {seats.map((s) => (
                <td key={s} colSpan={3} data-total={totals[s]}>
                  {totals[s]}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {rounds.length === 0 && <p className="muted">{t('score.none')}</p>}
    </section>
  );
}

function FragmentHead() {
  const { t } = useTranslation();
  return (
    <>
      <th title={t('score.estimate')}>{t('score.estimate').slice(0, 3)}</th>
      <th title={t('score.made')}>{t('score.made').slice(0, 3)}</th>
      <th title={t('score.difference')}>Δ</th>
    </>
  );
}

function FragmentCells({ e, p, d }: { e?: number; p?: number; d?: number }) {
  return (
    <>
      <td>{e ?? ''}</td>
      <td>{p ?? ''}</td>
      <td className="diff">{d ?? ''}</td>
    </>
  );
}
