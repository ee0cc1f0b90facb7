/**
 * Signing in (name and password, or a passkey) and signing up: the guest of this browser claims a name and
 * a password, keeping every table he played, and is then offered a passkey.
 */
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signedInAs } from '../net.ts';
import { hrefOf, navigate } from '../route.ts';
import { addPasskey, login, passkeyLogin, register } from './api.ts';
import { nameProblem, type Problem, passwordProblem } from './check.ts';
import { Note, Page, useErrorText } from './common.tsx';

/** A labelled input with its own problem text, tied to it for screen readers. */
function Field({
  label,
  problem,
  children,
}: {
  label: string;
  problem: Problem | null;
  children: (a: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': problem !== null,
        ...(problem ? { 'aria-describedby': `${id}-problem` } : {}),
      })}
      {problem && (
        <span className="problem" id={`${id}-problem`}>
          {t(`account.check.${problem}`)}
        </span>
      )}
    </div>
  );
}

/** A labelled text input and its problem, the form's one kind of field. */
export function InputField({
  label,
  problem,
  value,
  set,
  ...input
}: {
  label: string;
  problem: Problem | null;
  value: string;
  set: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <Field label={label} problem={problem}>
      {(a) => <input {...a} {...input} value={value} onChange={(e) => set(e.target.value)} />}
    </Field>
  );
}

export function SignIn() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ name: Problem | null; password: Problem | null }>({
    name: null,
    password: null,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (f: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await f();
      navigate({ page: 'lobby' });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = () => {
    // Only emptiness is checked here: any other name or password gets the server's one answer.
    const p = { name: name.trim() ? null : 'required', password: password ? null : 'required' } as const;
    setProblems(p);
    if (p.name || p.password) return;
    void run(() => login(name.trim(), password));
  };

  return (
    <Page title={t('account.signIn.title')} name="signin">
      <section className="card-box">
        <h1>{t('account.signIn.title')}</h1>
        <form
          className="account-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <InputField
            label={t('account.signIn.name')}
            problem={problems.name}
            name="name"
            autoComplete="username webauthn"
            value={name}
            set={setName}
          />
          <InputField
            label={t('account.signIn.password')}
            problem={problems.password}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            set={setPassword}
          />
          <Note error={error} />
          <button type="submit" className="primary" disabled={busy} data-testid="signin-submit">
            {t('account.signIn.submit')}
          </button>
        </form>
        <p className="or">{t('account.signIn.or')}</p>
        <button type="button" disabled={busy} data-testid="passkey-signin" onClick={() => run(passkeyLogin)}>
          {t('account.signIn.passkey')}
        </button>
        <p className="muted">{t('account.signIn.replacesGuest')}</p>
        <p className="muted">
          {t('account.signIn.noAccount')}{' '}
          <a href={hrefOf({ page: 'signup' })}>{t('account.signIn.toSignUp')}</a>
        </p>
      </section>
    </Page>
  );
}

export function SignUp() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problems, setProblems] = useState<Record<'name' | 'password' | 'again', Problem | null>>({
    name: null,
    password: null,
    again: null,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [passkey, setPasskey] = useState<'offer' | 'added'>('offer');
  const already = signedInAs();

  const submit = async () => {
    const p = {
      name: nameProblem(name),
      password: passwordProblem(password),
      again: !again ? 'required' : again !== password ? 'mismatch' : null,
    } as const;
    setProblems(p);
    if (p.name || p.password || p.again) return;
    setBusy(true);
    setError(null);
    try {
      const r = await register(name.trim(), password);
      setDone(r.account.player.name);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const offerPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      await addPasskey();
      setPasskey('added');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <Page title={t('account.signUp.title')} name="signup">
        <section className="card-box" data-testid="signup-done">
          <h1>{t('account.signUp.done', { name: done })}</h1>
          {passkey === 'offer' ? (
            <>
              <p>{t('account.signUp.passkeyOffer')}</p>
              <Note error={error} />
              <div className="row">
                <button
                  type="button"
                  className="primary"
                  disabled={busy}
                  data-testid="offer-passkey"
                  onClick={offerPasskey}
                >
                  {t('account.signUp.addPasskey')}
                </button>
                <button type="button" onClick={() => navigate({ page: 'lobby' })}>
                  {t('account.signUp.later')}
                </button>
              </div>
            </>
          ) : (
            <>
              <Note ok={t('account.signUp.passkeyAdded')} />
              <div className="row">
                <a className="button primary" href={hrefOf({ page: 'lobby' })}>
                  {t('account.signUp.toLobby')}
                </a>
                <a className="button" href={hrefOf({ page: 'player', name: done })}>
                  {t('account.signUp.toProfile')}
                </a>
              </div>
            </>
          )}
        </section>
      </Page>
    );

  return (
    <Page title={t('account.signUp.title')} name="signup">
      <section className="card-box">
        <h1>{t('account.signUp.title')}</h1>
        {already ? (
          <p>
            {t('account.settings.signedInAs', { name: already })} ·{' '}
            <a href={hrefOf({ page: 'settings' })}>{t('account.settings.title')}</a>
          </p>
        ) : (
          <>
            <p>{t('account.signUp.intro')}</p>
            <form
              className="account-form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <InputField
                label={t('account.signUp.name')}
                problem={problems.name}
                name="name"
                autoComplete="username"
                maxLength={64}
                value={name}
                set={setName}
              />
              <InputField
                label={t('account.signUp.password')}
                problem={problems.password}
                name="password"
                type="password"
                autoComplete="new-password"
                value={password}
                set={setPassword}
              />
              <InputField
                label={t('account.signUp.passwordAgain')}
                problem={problems.again}
                name="again"
                type="password"
                autoComplete="new-password"
                value={again}
                set={setAgain}
              />
              <Note error={error} />
              <button type="submit" className="primary" disabled={busy} data-testid="signup-submit">
                {t('account.signUp.submit')}
              </button>
            </form>
          </>
        )}
        <p className="muted">
          {t('account.signUp.haveAccount')}{' '}
          <a href={hrefOf({ page: 'signin' })}>{t('account.signUp.toSignIn')}</a>
        </p>
      </section>
    </Page>
  );
}
