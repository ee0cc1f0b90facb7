/**
 * Doppelkopf at the table: the labels of its actions, the game as far as the viewer knows it (contract,
 * parties, announcements, the house rules' bidding, Armut and Schwein), the announcement deadline, and the
 * score of each deal with every point of its value. Everything is read from the engine's view
 * (`DoppelkopfView`) and the legal actions, the announcement deadlines included.
 */
import type { DoppelkopfView } from '@stich/protocol';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WireAction } from './actions.ts';
import { CardFace, cardName } from './cards.tsx';
import type { DokoResult, TableModel } from './model.ts';

type Need = NonNullable<DokoResult['needs']>['re'];

/** 004 calls the fifth level KEINE-1 (no card point for the opponents); the DDV says schwarz. */
const keineEins = (v: { options: DoppelkopfView['options'] }): boolean => v.options.scoring === 'house';

/** A call's name in the preset's words. */
export function callName(t: TFunction, call: string, v: { options: DoppelkopfView['options'] }): string {
  if (call === 'schwarz' && keineEins(v)) return t('doko.call.keine1');
  return t(`doko.call.${call}`, { defaultValue: call });
}

/** The label of a Doppelkopf action (its own texts: `doko.action.*`). */
export function dokoLabel(t: TFunction, a: WireAction, v: DoppelkopfView): string {
  switch (a.t) {
    case 'declare':
      return t(`doko.action.declare_${String(a.game)}`, { defaultValue: String(a.game) });
    case 'announce':
      return callName(t, String(a.call), v);
    case 'bid': {
      // The front player holds the level reached (the same call); the rear player bids above it.
      const hold = v.house !== null && v.house.level === a.call;
      return t(hold ? 'doko.action.hold' : 'doko.action.bid', { call: callName(t, String(a.call), v) });
    }
    case 'play':
    case 'give':
    case 'return':
      return t(`doko.action.${a.t}`, { card: cardName(t, String(a.card)) });
    default:
      return t(`doko.action.${a.t}`, { defaultValue: a.t });
  }
}

/** What a seat said, as a bubble or in the list of calls ("gesund", "Vorbehalt", "Re", "keine 90"). */
export function dokoSaid(t: TFunction, a: WireAction, v: DoppelkopfView): string {
  if (a.t === 'healthy' || a.t === 'reserve' || a.t === 'solo') return t(`doko.said.${a.t}`);
  return dokoLabel(t, a, v);
}

/**
 * Until when the viewer may make the announcements it is offered now, in words, from the view's
 * `deadlines` (the engine's deadline.ts): "bis zur 2. Karte des n. Stichs" (004, by cards played) or "bis zu
 * deiner Karte im n. Stich" (DDV, by cards in hand). Calls with different deadlines (a reply) are named with
 * theirs. Null when nothing is offered.
 */
export function deadlineText(
  t: TFunction,
  v: DoppelkopfView,
  legal: readonly WireAction[],
  me: number | null,
): string | null {
  if (me === null) return null;
  const offered = new Set(legal.filter((a) => a.t === 'announce').map((a) => String(a.call)));
  const calls = v.deadlines.filter((d) => offered.has(d.call));
  if (calls.length === 0) return null;
  const one = (d: (typeof calls)[number]): string =>
    t(d.before === 'second' ? 'doko.deadlineTrick' : 'doko.deadlineOwn', { n: d.trick });
  const groups: { calls: string[]; text: string }[] = [];
  for (const d of calls) {
    const text = one(d);
    const last = groups[groups.length - 1];
    if (last && last.text === text) last.calls.push(d.call);
    else groups.push({ calls: [d.call], text });
  }
  if (groups.length === 1) return groups[0].text;
  return groups
    .map((g) => {
      const a = callName(t, g.calls[0], v);
      const z = callName(t, g.calls[g.calls.length - 1], v);
      return `${g.calls.length > 1 ? `${a} – ${z}` : a}: ${g.text}`;
    })
    .join(' · ');
}

const nameOf = (names: readonly string[], s: number | null | undefined): string =>
  s === null || s === undefined || s < 0 ? '–' : (names[s] ?? `#${s + 1}`);

/** An Armut whose cards are passing: public before the contract is made at the start of play. */
type ArmutShown = { readonly kind: 'armut'; readonly declarer: number };

/** The game as the viewer knows it, in words: "Hochzeit von Anna · Partner: Bot 2 (Stich 1)". */
export function contractText(
  t: TFunction,
  c: DoppelkopfView['contract'] | DokoResult['contract'] | ArmutShown,
  names: readonly string[],
  armutTaker: number | null = null,
  me: number | null = null,
): string {
  if (c === null) return t('doko.game.open');
  // "Damen-Solo von dir": the viewer's own name is "Du" elsewhere.
  const named = (s: number | null) => (s !== null && s === me ? t('doko.you') : nameOf(names, s));
  const who = named(c.declarer);
  const parts: string[] = [];
  switch (c.kind) {
    case 'normal':
      parts.push(t('doko.game.normal'));
      break;
    case 'silent-solo':
      parts.push(t('doko.game.silentSoloOf', { name: who }));
      break;
    case 'hochzeit':
      parts.push(t('doko.game.hochzeit', { name: who }));
      if (c.failed) parts.push(t('doko.game.hochzeitAlone'));
      else if (c.partner !== null)
        parts.push(t('doko.game.hochzeitPartner', { name: named(c.partner), n: c.clarification }));
      else parts.push(t('doko.game.hochzeitOpen'));
      break;
    case 'solo':
      parts.push(t('doko.game.solo', { solo: t(`doko.solo.${c.solo}`), name: who }));
      if (c.vorfuehrung) parts.push(t('doko.game.vorfuehrung'));
      else if (c.pflicht) parts.push(t('doko.game.pflicht'));
      if (c.immediate) parts.push(t('doko.game.immediate'));
      break;
    case 'armut':
      parts.push(t('doko.game.armut', { name: who }));
      if (armutTaker !== null && armutTaker >= 0)
        parts.push(t('doko.game.armutTaker', { name: named(armutTaker) }));
      break;
    case 'redeal':
      parts.push(t('doko.game.redeal'));
      break;
  }
  return parts.join(' · ');
}

/** The tags of a seat: its party once the viewer knows it, the Schwein once played, its own Vorbehalt. */
export function DokoTags({ model, seat }: { model: TableModel; seat: number }) {
  const { t } = useTranslation();
  const v = model.doko?.view;
  if (!v) return null;
  const party = v.knownParties[seat];
  const c = v.contract;
  const role = c !== null && c.declarer === seat && c.kind !== 'normal' ? kindName(t, c) : '';
  const own = v.viewer === seat && v.house?.vorbehalt ? v.house.vorbehalt : null;
  return (
    <>
      {party && (
        <small className={`tag party party-${party}`} data-party={party} data-testid="party">
          {t(`doko.party.${party}`)}
        </small>
      )}
      {role && (
        <small className="tag strong" data-role={c?.kind}>
          {role}
        </small>
      )}
      {own && (
        <small className="tag" data-vorbehalt={own}>
          {t('doko.vorbehaltOwn', { kind: t(`doko.kind.${own}`) })}
        </small>
      )}
      {v.house?.schwein?.seat === seat && (
        <small className="tag call schwein" data-testid="schwein">
          {t('doko.schwein')}
        </small>
      )}
    </>
  );
}

/** The side panel: the game, the announcements made, the bidding, the Armut and the Schwein. */
export function DokoSide({
  model,
  names,
  me,
}: {
  model: TableModel;
  names: readonly string[];
  me: number | null;
}) {
  const { t } = useTranslation();
  const v = model.doko?.view;
  if (!v) return null;
  const h = v.house;
  const a = h?.armut ?? null;
  // The one playing his Pflichtsolo now owes it no longer (the view lists it as done once the deal ends).
  const playing = v.contract?.kind === 'solo' && v.contract.pflicht ? v.contract.declarer : null;
  const owing = v.options.pflichtsolo
    ? [0, 1, 2, 3].filter((s) => !v.pflichtsoloDone.includes(s) && s !== playing)
    : null;
  return (
    <section className="doko-side" aria-label={t('doko.game.title')} data-testid="doko-game">
      <p
        className="doko-progress"
        data-testid="doko-progress"
        data-deal={v.deal}
        data-games={v.options.games}
      >
        {t('play.progress', { n: Math.min(v.deal, v.options.games), games: v.options.games })}
      </p>
      {owing && (
        <p className="doko-pflicht" data-testid="doko-pflicht" data-owing={owing.join(' ')}>
          {owing.length > 0
            ? t('play.pflichtOpen', { names: owing.map((s) => nameOf(names, s)).join(', ') })
            : t('play.pflichtDone')}
        </p>
      )}
      <p
        className="doko-contract"
        data-kind={v.contract?.kind ?? ''}
        data-partner={v.contract?.partner ?? ''}
        data-clarified={(v.contract?.clarification ?? 0) > 0}
      >
        <strong>{t('doko.game.title')}:</strong>{' '}
        {v.contract === null && a
          ? // The Armut is public once its cards are passed; the contract follows when the play begins.
            contractText(t, { kind: 'armut', declarer: a.poor }, names, a.taker, me)
          : contractText(t, v.contract, names, a?.taker ?? null, me)}
      </p>
      {(v.highest.re !== 'none' || v.highest.kontra !== 'none') && (
        <p className="doko-highest" data-re={v.highest.re} data-kontra={v.highest.kontra}>
          {t('doko.highest', { re: callName(t, v.highest.re, v), kontra: callName(t, v.highest.kontra, v) })}
        </p>
      )}
      {h && h.solos.length > 1 && v.phase === 'bid' && (
        <p className="doko-bidding" data-testid="bidding">
          {t('doko.candidates', { names: h.solos.map((s) => nameOf(names, s)).join(', ') })}
          <br />
          {h.holder >= 0 &&
            t(
              h.holder === me
                ? 'doko.biddingYouHold'
                : h.challenger === me
                  ? 'doko.biddingYouBid'
                  : 'doko.bidding',
              { holder: nameOf(names, h.holder), challenger: nameOf(names, h.challenger) },
            )}{' '}
          {h.level === 'none' ? t('doko.noBid') : t('doko.level', { call: callName(t, h.level, v) })}
        </p>
      )}
      {a && (
        <div className="doko-armut" data-testid="armut">
          {a.given < a.cards && (
            <p>
              {t(a.poor === me ? 'doko.armutGivesYou' : 'doko.armutGives', {
                name: nameOf(names, a.poor),
                cards: a.cards,
                given: a.given,
              })}
            </p>
          )}
          {a.shoved.length > 0 && (
            <p>{t('doko.armutShoved', { names: a.shoved.map((s) => nameOf(names, s)).join(', ') })}</p>
          )}
          {a.at >= 0 && a.taker < 0 && (
            <p>{a.at === me ? t('doko.armutAtYou') : t('doko.armutAt', { name: nameOf(names, a.at) })}</p>
          )}
          {a.taker >= 0 && a.returned < a.cards && (
            <p>
              {t(a.taker === me ? 'doko.armutTakesYou' : 'doko.armutTakes', {
                name: nameOf(names, a.taker),
                cards: a.cards,
                returned: a.returned,
              })}
            </p>
          )}
          {a.trumpsBack !== null && (
            <p data-trumps-back={a.trumpsBack}>
              {t('doko.trumpsBack', { yes: a.trumpsBack ? t('word.yes') : t('word.no') })}
            </p>
          )}
          <MiniCards label={t('doko.givenCards')} cards={a.givenCards} testid="armut-given" />
          <MiniCards label={t('doko.returnedCards')} cards={a.returnedCards} testid="armut-returned" />
        </div>
      )}
      {h?.schwein && (
        <p className="doko-schwein notice" role="status">
          {t('doko.schweinOf', { name: nameOf(names, h.schwein.seat), n: h.schwein.trick })}
        </p>
      )}
      {h?.schweinInHand && !h.schwein && <p className="doko-schwein">{t('doko.schweinInHand')}</p>}
    </section>
  );
}

function MiniCards({
  label,
  cards,
  testid,
}: {
  label: string;
  cards: readonly string[] | null;
  testid: string;
}) {
  if (!cards || cards.length === 0) return null;
  return (
    <figure className="doko-mini" data-testid={testid} data-cards={cards.join(' ')}>
      <figcaption>{label}</figcaption>
      <div className="last-cards">
        {cards.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a card may be there twice
          <CardFace key={`${c}-${i}`} card={c} className="card-svg known-card" />
        ))}
      </div>
    </figure>
  );
}

/** The hint over the hand: which cards to pass or return in the Armut, the offer to the taker. */
function dokoHint(
  t: TFunction,
  model: TableModel,
  legal: readonly WireAction[],
  names: readonly string[],
): string | null {
  const a = model.doko?.view.house?.armut;
  if (!a) return null;
  if (legal.some((x) => x.t === 'give')) return t('doko.giveHint', { given: a.given, cards: a.cards });
  if (legal.some((x) => x.t === 'return'))
    return t('doko.returnHint', { returned: a.returned, cards: a.cards });
  if (legal.some((x) => x.t === 'take'))
    return t('doko.takeHint', { name: nameOf(names, a.poor), cards: a.cards });
  return null;
}

/** Doppelkopf: what to do with the hand in the Armut, or the offer to take it, over the hand. */
export function DokoHandHint({
  model,
  legal,
  names,
}: {
  model: TableModel;
  legal: readonly WireAction[];
  names: readonly string[];
}) {
  const { t } = useTranslation();
  const hint = dokoHint(t, model, legal, names);
  if (!hint) return null;
  return (
    <p className="hint hand-hint" data-testid="hand-hint" role="note">
      {hint}
    </p>
  );
}

/** The seats that won a deal (none when no party won, DDV). */
export function dokoWinners(r: DokoResult): number[] {
  return r.winner === 'none' ? [] : [...r.parties[r.winner]];
}

/** The game in one or two words: "Damen-Solo", "Hochzeit", "Normalspiel". */
const kindName = (t: TFunction, c: DokoResult['contract']): string =>
  c.kind === 'solo' && c.solo ? t(`doko.solo.${c.solo}`) : t(`doko.kindName.${c.kind}`);

/** 004's doublings carry the value they doubled: "×2 (3 → 6)"; every other item its points. */
const DOUBLINGS = new Set(['reDoubled', 'kontraDoubled', 'soloDoubled']);
const itemValue = (i: DokoResult['items'][number]): string =>
  DOUBLINGS.has(i.kind) ? `×2 (${i.points} → ${2 * i.points})` : String(i.points);

/** What a party needed, in words: "151 Augen", "einen Stich", "alle Stiche". */
const needText = (t: TFunction, n: Need): string =>
  n === 'trick'
    ? t('play.needTrick')
    : n === 'all-tricks'
      ? t('play.needAllTricks')
      : t('play.needPoints', { count: n });

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** One deal: game, parties, card points, announcements, every point of the value, the score per seat. */
export function DokoBreakdown({
  r,
  names,
  options,
  me = null,
}: {
  r: DokoResult;
  names: readonly string[];
  me?: number | null;
  /** The table's options (a match keeps them), for the words of the calls. */
  options: DoppelkopfView['options'];
}) {
  const { t } = useTranslation();
  const scoringOf = { options };
  const partyNames = (p: 're' | 'kontra') => r.parties[p].map((s) => nameOf(names, s)).join(' + ') || '–';
  const h = r.house;
  return (
    <div className="deal doko-deal" data-testid="doko-deal" data-deal={r.deal} data-kind={r.contract.kind}>
      <p className="deal-sub">
        <strong>{contractText(t, r.contract, names, h?.armut?.taker ?? null, me)}</strong>
        {' · '}
        {r.winner === 'none'
          ? t('doko.noWinner')
          : t('doko.partyWins', { party: t(`doko.party.${r.winner}`) })}
      </p>
      {r.needs && r.contract.kind !== 'redeal' && (
        <p className="deal-sub doko-needs" data-testid="doko-needs">
          {(['re', 'kontra'] as const)
            .map((p) => t('play.needs', { party: t(`doko.party.${p}`), need: needText(t, r.needs![p]) }))
            .join(' · ')}
        </p>
      )}
      {h?.redeal && <p className="deal-sub">{t(`doko.redeal.${h.redeal}`)}</p>}
      {r.contract.kind !== 'redeal' && (
        <table className="breakdown doko-items">
          <thead>
            <tr>
              <td />
              <th scope="col">
                {t('doko.party.re')}: {partyNames('re')}
              </th>
              <th scope="col">
                {t('doko.party.kontra')}: {partyNames('kontra')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr data-row="cards">
              <th scope="row">{t('doko.cardPoints')}</th>
              <td className="num">{r.cardPoints.re}</td>
              <td className="num">{r.cardPoints.kontra}</td>
            </tr>
            {r.announcements.length > 0 && (
              <tr data-row="announcements">
                <th scope="row">{t('doko.announcements')}</th>
                {(['re', 'kontra'] as const).map((p) => (
                  <td key={p}>
                    {r.announcements
                      .filter((a) => a.party === p)
                      .map((a) => `${nameOf(names, a.seat)}: ${callName(t, a.call, scoringOf)}`)
                      .join(', ')}
                  </td>
                ))}
              </tr>
            )}
            {r.items.map((i, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of one deal, in the engine's order
              <tr key={k} data-item={i.kind} data-party={i.party}>
                <th scope="row">
                  {t(`doko.item.${i.kind}`, { defaultValue: i.kind })}
                  {i.by ? ` ${t('doko.byParty', { party: t(`doko.party.${i.by}`) })}` : ''}
                  {i.trick ? ` · ${t('doko.inTrick', { n: i.trick })}` : ''}
                </th>
                <td className="num">{i.party === 're' ? itemValue(i) : ''}</td>
                <td className="num">{i.party === 'kontra' ? itemValue(i) : ''}</td>
              </tr>
            ))}
            {r.multiplier !== 1 && (
              <tr data-row="multiplier">
                <th scope="row">{t('doko.multiplier', { n: r.multiplier })}</th>
                <td colSpan={2} />
              </tr>
            )}
            <tr data-row="value" className="sum">
              <th scope="row">{t('doko.value')}</th>
              <td className="num">{r.winner === 're' || r.forRe > 0 ? Math.abs(r.forRe) : ''}</td>
              <td className="num">{r.winner === 'kontra' || r.forRe < 0 ? Math.abs(r.forRe) : ''}</td>
            </tr>
          </tbody>
        </table>
      )}
      {h && h.bids.length > 0 && (
        <p className="deal-sub">
          {t('doko.bids')}:{' '}
          {h.bids
            .map(
              (b) =>
                `${nameOf(names, b.seat)}: ${b.call === 'fold' ? t('doko.action.fold') : callName(t, b.call, scoringOf)}`,
            )
            .join(', ')}
        </p>
      )}
      {h?.schwein && (
        <p className="deal-sub">
          {t('doko.schweinOf', { name: nameOf(names, h.schwein.seat), n: h.schwein.trick })}
        </p>
      )}
      <table className="breakdown doko-score">
        <tbody>
          <tr data-row="score">
            {r.score.map((x, s) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one cell per seat
              <td key={s} data-seat={s} data-score={x}>
                {nameOf(names, s)}: <strong>{signed(x)}</strong>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The running list: per deal its number, the game (with Pflichtsolo / Vorführung markers) and each seat's total. */
export function DokoSheet({ model, names }: { model: TableModel; names: readonly string[] }) {
  const { t } = useTranslation();
  const results = model.deals.flatMap((d) => (d.doko ? [d.doko] : []));
  const seats = Array.from({ length: model.seats }, (_, s) => s);
  const running = seats.map(() => 0);
  return (
    <div className="sheet-wrap">
      <table className="sheet doko-sheet" data-testid="doko-sheet">
        <thead>
          <tr>
            <th>{t('doko.deal')}</th>
            <th>{t('doko.game.title')}</th>
            {seats.map((s) => (
              <th key={s}>{nameOf(names, s)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map((r, i) => {
            seats.forEach((s) => {
              running[s] += r.score[s] ?? 0;
            });
            const c = r.contract;
            const marker = c.vorfuehrung ? 'vorfuehrung' : c.pflicht ? 'pflicht' : null;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: deals are an append-only list
              <tr key={i} data-deal={r.deal} data-kind={c.kind}>
                <td>
                  {r.deal}
                  {marker && (
                    <abbr className="marker" title={t(`doko.markerTitle.${marker}`)} data-marker={marker}>
                      {' '}
                      {t(`doko.marker.${marker}`)}
                    </abbr>
                  )}
                </td>
                <td>{kindName(t, c)}</td>
                {seats.map((s) => (
                  <td key={s} data-seat={s} data-total={running[s]}>
                    {running[s]} <small>({signed(r.score[s] ?? 0)})</small>
                  </td>
                ))}
              </tr>
            );
          })}
          <tr className="sum">
            <td colSpan={2}>{t('score.sum')}</td>
            {seats.map((s) => (
              <td key={s} data-total={model.scores[s]}>
                {model.scores[s]}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
