/**
 * The account's settings: password change, passkeys (add, rename, remove), the signed-in devices and
 * "Überall abmelden", the export of all data (a JSON download) and deleting the account after a
 * confirmation.
 */
import type { Account } from '@stich/protocol';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogKeys } from '../dialog.ts';
import { hrefOf, navigate } from '../route.ts';
import { deviceName } from './agent.ts';
import {
  AccountError,
  API,
  addPasskey,
  changePassword,
  deleteAccount,
  getAccount,
  logout,
  logoutAll,
  removePasskey,
  renamePasskey,
} from './api.ts';
import { type Problem, passwordProblem } from './check.ts';
import { Note, Page, useDate, useErrorText, useLoad } from './common.tsx';
import { InputField } from './Sign.tsx';

export function Settings() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [got, reload] = useLoad('account', getAccount);
  // Answers of changes carry the account as it is now; they replace the loaded one.
  const [fresh, setFresh] = useState<Account | null>(null);
  const account = fresh ?? (got.state === 'ok' ? (got.value?.account ?? null) : null);

  let body: ReactNode;
  if (got.state === 'loading') body = <p className="muted">{t('loading')}</p>;
  else if (got.state === 'error') body = <Note error={errorText(got.error)} />;
  else if (!account)
    body = (
      <section className="card-box">
        <p>{t('account.settings.notSignedIn')}</p>
        <p className="row">
          <a className="button primary" href={hrefOf({ page: 'signin' })}>
            {t('me.signIn')}
          </a>
          <a className="button" href={hrefOf({ page: 'signup' })}>
            {t('me.signUp')}
          </a>
        </p>
      </section>
    );
  else body = <Sections account={account} setAccount={setFresh} reload={reload} />;
  return (
    <Page title={t('account.settings.title')} name="settings">
      {body}
    </Page>
  );
}

function Sections({
  account,
  setAccount,
  reload,
}: {
  account: Account;
  setAccount: (a: Account) => void;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const date = useDate();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const signOut = async () => {
    try {
      await logout();
      navigate({ page: 'lobby' });
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <>
      <section className="card-box">
        <h1>{t('account.settings.signedInAs', { name: account.player.name })}</h1>
        <p className="muted">{t('account.settings.since', { date: date(account.createdAt) })}</p>
        <Note error={error} />
        <p className="row">
          <a className="button" href={hrefOf({ page: 'player', name: account.player.name })}>
            {t('account.settings.profile')}
          </a>
          <button type="button" data-testid="signout" onClick={signOut}>
            {t('account.settings.signOut')}
          </button>
        </p>
      </section>
      <PasswordChange setAccount={setAccount} />
      <Passkeys account={account} setAccount={setAccount} reload={reload} />
      <Sessions account={account} setAccount={setAccount} />
      <section className="card-box" aria-labelledby="export-h">
        <h2 id="export-h">{t('account.settings.export.title')}</h2>
        <p>{t('account.settings.export.text')}</p>
        <p>
          <a className="button" href={API.export} download data-testid="export">
            {t('account.settings.export.button')}
          </a>
        </p>
      </section>
      <DeleteAccount account={account} />
    </>
  );
}

function PasswordChange({ setAccount }: { setAccount: (a: Account) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [problems, setProblems] = useState<Record<'current' | 'next' | 'again', Problem | null>>({
    current: null,
    next: null,
    again: null,
  });
  const [note, setNote] = useState<{ error?: string; ok?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const p = {
      current: current ? null : 'required',
      next: passwordProblem(next),
      again: !again ? 'required' : again !== next ? 'mismatch' : null,
    } as const;
    setProblems(p);
    if (p.current || p.next || p.again) return;
    setBusy(true);
    setNote({});
    try {
      const r = await changePassword(current, next);
      setAccount(r.account);
      setCurrent('');
      setNext('');
      setAgain('');
      setNote({ ok: t('account.settings.password.done') });
    } catch (e) {
      const wrong = e instanceof AccountError && e.code === 'bad-login';
      setNote({ error: wrong ? t('account.settings.password.wrong') : errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card-box" aria-labelledby="password-h">
      <h2 id="password-h">{t('account.settings.password.title')}</h2>
      <form
        className="account-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <InputField
          label={t('account.settings.password.current')}
          problem={problems.current}
          name="current"
          type="password"
          autoComplete="current-password"
          value={current}
          set={setCurrent}
        />
        <InputField
          label={t('account.settings.password.next')}
          problem={problems.next}
          name="next"
          type="password"
          autoComplete="new-password"
          value={next}
          set={setNext}
        />
        <InputField
          label={t('account.settings.password.nextAgain')}
          problem={problems.again}
          name="again"
          type="password"
          autoComplete="new-password"
          value={again}
          set={setAgain}
        />
        <Note {...note} />
        <button type="submit" disabled={busy} data-testid="password-submit">
          {t('account.settings.password.submit')}
        </button>
      </form>
    </section>
  );
}

function Passkeys({
  account,
  setAccount,
  reload,
}: {
  account: Account;
  setAccount: (a: Account) => void;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const date = useDate();
  const errorText = useErrorText();
  const [note, setNote] = useState<{ error?: string; ok?: string }>({});
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<{ account: Account }>, ok?: string) => {
    setBusy(true);
    setNote({});
    try {
      setAccount((await f()).account);
      if (ok) setNote({ ok });
    } catch (e) {
      setNote({ error: errorText(e) });
      reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card-box" aria-labelledby="passkeys-h" data-testid="passkeys">
      <h2 id="passkeys-h">{t('account.settings.passkeys.title')}</h2>
      {account.passkeys.length === 0 ? (
        <p className="muted">{t('account.settings.passkeys.none')}</p>
      ) : (
        <ul className="plain-list">
          {account.passkeys.map((p) => (
            <li key={p.id} data-passkey={p.id}>
              {renaming?.id === p.id ? (
                <form
                  className="row"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const name = renaming.name.trim();
                    if (!name) return;
                    setRenaming(null);
                    void run(() => renamePasskey(p.id, name));
                  }}
                >
                  <input
                    aria-label={t('account.settings.passkeys.renameLabel', { name: p.name })}
                    value={renaming.name}
                    maxLength={40}
                    onChange={(e) => setRenaming({ id: p.id, name: e.target.value })}
                  />
                  <button type="submit">{t('account.settings.passkeys.save')}</button>
                  <button type="button" onClick={() => setRenaming(null)}>
                    {t('cancel')}
                  </button>
                </form>
              ) : (
                <>
                  <span>
                    <strong>{p.name}</strong>
                    <small>
                      {t('account.settings.passkeys.created', { date: date(p.createdAt) })} ·{' '}
                      {p.lastUsedAt
                        ? t('account.settings.passkeys.lastUsed', { date: date(p.lastUsedAt, true) })
                        : t('account.settings.passkeys.never')}
                    </small>
                  </span>
                  <span className="row">
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => setRenaming({ id: p.id, name: p.name })}
                    >
                      {t('account.settings.passkeys.rename')}
                    </button>
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={t('account.settings.passkeys.removeLabel', { name: p.name })}
                      onClick={() => {
                        if (confirm(t('account.settings.passkeys.removeConfirm', { name: p.name })))
                          void run(() => removePasskey(p.id));
                      }}
                    >
                      {t('account.settings.passkeys.remove')}
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <Note {...note} />
      <p>
        <button
          type="button"
          disabled={busy}
          data-testid="add-passkey"
          onClick={() => run(addPasskey, t('account.settings.passkeys.added'))}
        >
          {t('account.settings.passkeys.add')}
        </button>
      </p>
    </section>
  );
}

function Sessions({ account, setAccount }: { account: Account; setAccount: (a: Account) => void }) {
  const { t } = useTranslation();
  const date = useDate();
  const errorText = useErrorText();
  const [note, setNote] = useState<{ error?: string; ok?: string }>({});
  const all = async () => {
    setNote({});
    try {
      setAccount((await logoutAll()).account);
      setNote({ ok: t('account.settings.sessions.allDone') });
    } catch (e) {
      setNote({ error: errorText(e) });
    }
  };
  return (
    <section className="card-box" aria-labelledby="sessions-h" data-testid="sessions">
      <h2 id="sessions-h">{t('account.settings.sessions.title')}</h2>
      <ul className="plain-list">
        {account.sessions.map((s) => (
          <li key={s.id} data-current={s.current}>
            <span>
              <strong>{deviceName(s.agent) ?? t('account.settings.sessions.unknown')}</strong>
              {s.current && <em> · {t('account.settings.sessions.current')}</em>}
              <small>
                {t('account.settings.sessions.since', { date: date(s.createdAt, true) })} ·{' '}
                {t('account.settings.sessions.seen', { date: date(s.lastSeenAt, true) })}
              </small>
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">{t('account.settings.sessions.allHint')}</p>
      <Note {...note} />
      <p>
        <button type="button" data-testid="logout-all" onClick={all}>
          {t('account.settings.sessions.all')}
        </button>
      </p>
    </section>
  );
}

function DeleteAccount({ account }: { account: Account }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <section className="card-box danger-zone" aria-labelledby="delete-h">
      <h2 id="delete-h">{t('account.settings.remove.title')}</h2>
      <p>{t('account.settings.remove.text')}</p>
      {done ? (
        <Note ok={t('account.settings.remove.done')} />
      ) : (
        <p>
          <button
            type="button"
            className="danger"
            ref={opener}
            data-testid="delete-open"
            onClick={() => setOpen(true)}
          >
            {t('account.settings.remove.button')}
          </button>
        </p>
      )}
      {open && (
        <DeleteDialog
          account={account}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
          onDone={() => {
            setOpen(false);
            setDone(true);
          }}
        />
      )}
    </section>
  );
}

function DeleteDialog({
  account,
  onClose,
  onDone,
}: {
  account: Account;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const box = useRef<HTMLFormElement>(null);
  useDialogKeys(box, onClose);
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(account.hasPassword ? password : undefined);
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="modal" role="dialog" aria-modal="true" aria-labelledby="delete-dialog-h">
      <form
        ref={box}
        className="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id="delete-dialog-h">{t('account.settings.remove.confirmTitle')}</h2>
        <p>{t('account.settings.remove.text')}</p>
        {account.hasPassword && (
          <InputField
            label={t('account.settings.remove.password')}
            problem={null}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            set={setPassword}
          />
        )}
        <label className="choice">
          <input type="checkbox" name="sure" checked={sure} onChange={(e) => setSure(e.target.checked)} />
          <span>{t('account.settings.remove.confirm', { name: account.player.name })}</span>
        </label>
        <Note error={error} />
        <div className="row end">
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="danger"
            disabled={busy || !sure || (account.hasPassword && !password)}
            data-testid="delete-submit"
          >
            {t('account.settings.remove.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
