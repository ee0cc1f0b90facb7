/**
 * The friends' screen (`#/friends`, docs/friends.md): invitations to a seat, asking someone by name,
 * answering askings, the friends with their presence and tables (watch, sit down, invite to one's own
 * table, remove, block), and the blocked players. It shows the app's last poll (friends.ts) and asks again
 * after each change.
 */
import type { Friend, FriendsResponse, MyTable } from '@stich/protocol';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshFriends, useFriends } from '../friends.ts';
import { gameName, useGames, useText } from '../games.ts';
import { FRIENDS_DE, FRIENDS_EN } from '../i18n/friends.ts';
import { addTexts } from '../i18n/index.ts';
import { myTables, signedInAs } from '../net.ts';
import { hrefOf, navigate } from '../route.ts';
import { askFriend, blockPlayer, dismissInvitation, endFriend, inviteFriend, unblockPlayer } from './api.ts';
import { Note, Page, useDate, useErrorText, useLoad } from './common.tsx';
import { InputField } from './Sign.tsx';

addTexts({ friends: FRIENDS_DE }, { friends: FRIENDS_EN });

export function Friends() {
  const { t } = useTranslation();
  const list = useFriends();
  return (
    <Page title={t('friends.title')} name="friends">
      {signedInAs() ? (
        <Signed list={list} />
      ) : (
        <section className="card-box">
          <p>{t('friends.guest')}</p>
          <a href={hrefOf({ page: 'signin' })}>{t('me.signIn')}</a>
        </section>
      )}
    </Page>
  );
}

function Signed({ list }: { list: FriendsResponse | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [note, setNote] = useState<{ error?: string; ok?: string }>({});
  const [name, setName] = useState('');
  const [block, setBlock] = useState('');
  const [busy, setBusy] = useState(false);
  // My tables not over, to invite a friend to (the poll's list holds friends' tables, not one's own).
  const [mine, reloadMine] = useLoad('mine', async () =>
    (await myTables()).tables.filter((x) => x.status === 'waiting' || x.status === 'playing'),
  );
  /** Runs a change, says what came of it, and asks for the list again. */
  const act = async (f: () => Promise<string | undefined>) => {
    setBusy(true);
    try {
      const ok = await f();
      setNote(ok ? { ok } : {});
    } catch (e) {
      setNote({ error: errorText(e) });
    } finally {
      setBusy(false);
      await refreshFriends().catch(() => {});
      reloadMine();
    }
  };
  const ask = (e: FormEvent) => {
    e.preventDefault();
    const who = name.trim();
    void act(async () => {
      const r = await askFriend(who);
      setName('');
      return t(r.state === 'friends' ? 'friends.nowFriends' : 'friends.asked', { name: who });
    });
  };
  const blockOne = (e: FormEvent) => {
    e.preventDefault();
    const who = block.trim();
    void act(async () => {
      await blockPlayer(who);
      setBlock('');
      return undefined;
    });
  };
  const tables = mine.state === 'ok' ? mine.value : [];
  return (
    <>
      {(note.error || note.ok) && (
        <section className="card-box">
          <Note error={note.error} ok={note.ok} />
        </section>
      )}
      {list && list.invitations.length > 0 && <Invitations list={list} act={act} />}
      <section className="card-box" data-testid="friend-add">
        <h2>{t('friends.add')}</h2>
        <form className="row" onSubmit={ask}>
          <InputField label={t('friends.name')} problem={null} value={name} set={setName} name="friend" />
          <button type="submit" disabled={busy || name.trim() === ''}>
            {t('friends.ask')}
          </button>
        </form>
      </section>
      {list && list.incoming.length > 0 && (
        <section className="card-box" data-testid="friend-incoming">
          <h2>{t('friends.incoming')}</h2>
          <ul className="plain-list">
            {list.incoming.map((n) => (
              <li key={n} data-name={n}>
                <a href={hrefOf({ page: 'player', name: n })}>{n}</a>{' '}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => act(async () => void (await askFriend(n)))}
                >
                  {t('friends.accept')}
                </button>{' '}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => act(async () => void (await endFriend(n)))}
                >
                  {t('friends.decline')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="card-box" data-testid="friend-list">
        <h2>{t('friends.friends')}</h2>
        {list === null ? (
          <p className="muted">{t('loading')}</p>
        ) : list.friends.length === 0 ? (
          <p className="muted">{t('friends.none')}</p>
        ) : (
          <ul className="plain-list friends">
            {list.friends.map((f) => (
              <FriendRow key={f.name} f={f} tables={tables} busy={busy} act={act} />
            ))}
          </ul>
        )}
        {list && list.outgoing.length > 0 && (
          <>
            <h3>{t('friends.outgoing')}</h3>
            <ul className="plain-list" data-testid="friend-outgoing">
              {list.outgoing.map((n) => (
                <li key={n} data-name={n}>
                  {n} <span className="muted">({t('friends.waiting')})</span>{' '}
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => act(async () => void (await endFriend(n)))}
                  >
                    {t('friends.withdraw')}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="card-box" data-testid="friend-blocks">
        <h2>{t('friends.blocked')}</h2>
        <p className="muted">{t('friends.blockIntro')}</p>
        {list && list.blocked.length > 0 && (
          <ul className="plain-list">
            {list.blocked.map((n) => (
              <li key={n} data-name={n}>
                {n}{' '}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => act(async () => void (await unblockPlayer(n)))}
                >
                  {t('friends.unblock')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <form className="row" onSubmit={blockOne}>
          <InputField
            label={t('friends.blockName')}
            problem={null}
            value={block}
            set={setBlock}
            name="block"
          />
          <button type="submit" disabled={busy || block.trim() === ''}>
            {t('friends.block')}
          </button>
        </form>
      </section>
    </>
  );
}

type Act = (f: () => Promise<string | undefined>) => Promise<void>;

function Invitations({ list, act }: { list: FriendsResponse; act: Act }) {
  const { t } = useTranslation();
  const { games } = useGames();
  const text = useText();
  return (
    <section className="card-box" data-testid="friend-invitations">
      <h2>{t('friends.invitations')}</h2>
      <ul className="plain-list">
        {list.invitations.map((i) => (
          <li key={i.id} data-from={i.from}>
            {t('friends.invitation', {
              from: i.from,
              game: gameName(games, i.game, text),
              players: i.players,
            })}{' '}
            <button
              type="button"
              onClick={() =>
                act(async () => {
                  await dismissInvitation(i.id);
                  navigate(i.code ? { page: 'join', code: i.code } : { page: 'table', id: i.tableId });
                  return undefined;
                })
              }
            >
              {t('friends.take')}
            </button>{' '}
            <button type="button" onClick={() => act(async () => void (await dismissInvitation(i.id)))}>
              {t('friends.dismiss')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FriendRow({
  f,
  tables,
  busy,
  act,
}: {
  f: Friend;
  tables: readonly MyTable[];
  busy: boolean;
  act: Act;
}) {
  const { t } = useTranslation();
  const { games } = useGames();
  const text = useText();
  const date = useDate();
  const [to, setTo] = useState('');
  const chosen = tables.find((x) => x.id === to) ?? tables[0];
  return (
    <li data-name={f.name} data-online={f.online}>
      <span className={`dot ${f.online ? 'on' : 'off'}`} aria-hidden="true" />
      <a href={hrefOf({ page: 'player', name: f.name })}>{f.name}</a>{' '}
      <span className="muted">{t(f.online ? 'friends.online' : 'friends.offline')}</span>
      {f.tables.length > 0 && (
        <ul className="tables">
          {f.tables.map((x) => (
            <li key={x.id} data-table={x.id}>
              {t('friends.atTable', { game: gameName(games, x.game, text), players: x.players })} ·{' '}
              {x.free > 0 ? t('friends.free', { count: x.free }) : t('friends.full')}
              {x.private && ` · ${t('friends.private')}`}{' '}
              {!x.private && (
                <a href={hrefOf({ page: 'table', id: x.id, spectate: true })}>{t('friends.watch')}</a>
              )}{' '}
              {!x.private && x.free > 0 && (
                <a href={hrefOf({ page: 'table', id: x.id })}>{t('friends.sit')}</a>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        {chosen && (
          <>
            {tables.length > 1 && (
              <label className="field">
                {t('friends.inviteTo')}
                <select value={chosen.id} onChange={(e) => setTo(e.target.value)}>
                  {tables.map((x) => (
                    <option key={x.id} value={x.id}>
                      {t('friends.myTable', {
                        game: gameName(games, x.game, text),
                        date: date(x.createdAt, true),
                      })}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <button
              type="button"
              data-testid="invite"
              disabled={busy}
              onClick={() =>
                act(async () => {
                  await inviteFriend(f.name, chosen.id);
                  return t('friends.invited', { name: f.name });
                })
              }
            >
              {t('friends.invite')}
            </button>
          </>
        )}
        <button type="button" disabled={busy} onClick={() => act(async () => void (await endFriend(f.name)))}>
          {t('friends.remove')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => act(async () => void (await blockPlayer(f.name)))}
        >
          {t('friends.block')}
        </button>
      </div>
    </li>
  );
}
