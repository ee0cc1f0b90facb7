/**
 * Passkeys (WebAuthn, docs/accounts.md "Passkeys") with @simplewebauthn/server: a signed-in account adds
 * passkeys (discoverable credentials, user verification preferred, no attestation); anyone signs in with
 * one. Every challenge is stored in the database (any process may get the answer), void after
 * CHALLENGE_MS and deleted when it is answered, so an answer replayed, or answered too late, is refused
 * with `bad-passkey`. The expected origin is PUBLIC_URL's, else the request's own (its Host, https when the
 * proxy says so); the relying party id is that origin's host name.
 */
import { createEndpoint } from '@colyseus/core';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { ACCOUNT_API, passkeyRenameSchema } from '@stich/protocol';
import { z } from 'zod';
import { type AccountKit, guarded, signedIn, tooMany } from './account.ts';
import { accountView } from './accountdata.ts';
import { context } from './context.ts';
import { memoryLimit, peerOf, redisLimit } from './limits.ts';
import type { LoginGuard } from './logins.ts';

/** How long a challenge may be answered. */
const CHALLENGE_MS = 5 * 60_000;
/** Passkeys one account may have. */
const MAX_PASSKEYS = 20;
const HOUR = 3600_000;

/** Where passkeys are used: the origin browsers sign for, and the relying party id. */
function relyingParty(headers: Headers | undefined): { origin: string; rpID: string } {
  const { publicUrl } = context().config;
  const proto = headers?.get('x-forwarded-proto')?.split(',')[0].trim() === 'https' ? 'https' : 'http';
  const u = new URL(publicUrl ?? `${proto}://${headers?.get('host') ?? 'localhost'}`);
  return { origin: u.origin, rpID: u.hostname };
}

const b64 = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'base64url');
/** The authenticator's answer as @simplewebauthn/browser returns it (the library checks the rest). */
const credentialShape = z.looseObject({
  id: b64.min(1).max(1400),
  rawId: b64.min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: b64 }),
  clientExtensionResults: z.looseObject({}).default({}),
});
const registerBody = z.object({ response: credentialShape, name: passkeyRenameSchema.shape.name.optional() });
const loginBody = z.object({ response: credentialShape });

/** The challenge the browser signed, read from its client data (checked again by the library). */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const c = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof c.challenge === 'string' && c.challenge.length <= 200 ? c.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Takes a stored challenge (it can be used once); undefined when unknown, used, expired or not for this. */
async function takeChallenge(
  challenge: string | undefined,
  kind: 'register' | 'login',
  playerId: string | null,
): Promise<boolean> {
  if (challenge === undefined) return false;
  const row = await context()
    .store.db.deleteFrom('challenges')
    .where('challenge', '=', challenge)
    .returning(['kind', 'player_id', 'expires_at'])
    .executeTakeFirst();
  return (
    row !== undefined &&
    row.kind === kind &&
    row.player_id === playerId &&
    Date.parse(row.expires_at) > Date.now()
  );
}

async function storeChallenge(challenge: string, kind: 'register' | 'login', playerId: string | null) {
  const { db } = context().store;
  const now = Date.now();
  // Unanswered challenges go when new ones are made: no timer is needed to clear them.
  await db.deleteFrom('challenges').where('expires_at', '<', new Date(now).toISOString()).execute();
  await db
    .insertInto('challenges')
    .values({ challenge, kind, player_id: playerId, expires_at: new Date(now + CHALLENGE_MS).toISOString() })
    .execute();
}

export function passkeyRoutes(kit: AccountKit, guard: LoginGuard) {
  const { json, fail } = kit;
  const { redis, config } = context();
  // Challenges cost a row each: an address may ask for as many as ten sign-ins' worth.
  const options =
    redis === null
      ? memoryLimit(10 * config.limits.loginsPerHour, HOUR)
      : redisLimit(redis, 'challenges', 10 * config.limits.loginsPerHour, HOUR);
  const bad = (reason: string) => fail('bad-passkey', reason);

  return {
    passkeyRegisterOptions: createEndpoint(
      ACCOUNT_API.passkeyRegisterOptions,
      { method: 'POST' },
      guarded(kit, true, async ({ headers }, caller) => {
        const { db } = context().store;
        const existing = await db
          .selectFrom('passkeys')
          .select(['id', 'transports'])
          .where('player_id', '=', caller.player.id)
          .execute();
        if (existing.length >= MAX_PASSKEYS)
          return fail('forbidden', `an account has at most ${MAX_PASSKEYS} passkeys; remove one first`);
        const { rpID } = relyingParty(headers);
        const opts = await generateRegistrationOptions({
          rpName: 'Stich',
          rpID,
          userName: caller.player.name,
          userID: isoUint8Array.fromUTF8String(caller.player.id),
          attestationType: 'none',
          excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) })),
          authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
          timeout: CHALLENGE_MS,
        });
        await storeChallenge(opts.challenge, 'register', caller.player.id);
        return json({ options: opts });
      }),
    ),

    passkeyRegister: createEndpoint(
      ACCOUNT_API.passkeyRegister,
      { method: 'POST' },
      guarded(kit, true, async ({ body, headers }, caller) => {
        const b = registerBody.safeParse(body);
        if (!b.success)
          return fail('malformed', `${b.error.issues[0].path.join('.')}: ${b.error.issues[0].message}`);
        const response = b.data.response as unknown as RegistrationResponseJSON;
        const challenge = challengeOf(response.response.clientDataJSON);
        if (!(await takeChallenge(challenge, 'register', caller.player.id)))
          return bad('the challenge is unknown, used already or expired; ask for new options');
        const rp = relyingParty(headers);
        const v = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge!,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        }).catch((e: Error) => ({ verified: false as const, error: e.message }));
        if (!v.verified) return bad(`the passkey does not verify${'error' in v ? `: ${v.error}` : ''}`);
        const c = v.registrationInfo.credential;
        const { db } = context().store;
        const count = await db
          .selectFrom('passkeys')
          .select('id')
          .where('player_id', '=', caller.player.id)
          .execute();
        const taken = await db.selectFrom('passkeys').select('id').where('id', '=', c.id).executeTakeFirst();
        if (taken) return bad('this passkey is registered already');
        await db
          .insertInto('passkeys')
          .values({
            id: c.id,
            player_id: caller.player.id,
            public_key: isoBase64URL.fromBuffer(c.publicKey),
            counter: c.counter,
            transports: JSON.stringify(c.transports ?? []),
            name: b.data.name ?? `Passkey ${count.length + 1}`,
            created_at: new Date().toISOString(),
            last_used_at: null,
          })
          .execute();
        return json({ account: await accountView(caller.player.id, caller.session?.id ?? null) }, 201);
      }),
    ),

    passkeyLoginOptions: createEndpoint(
      ACCOUNT_API.passkeyLoginOptions,
      { method: 'POST' },
      guarded(kit, false, async ({ headers }) => {
        const wait = await options.take(peerOf(headers));
        if (wait > 0) return tooMany(kit, wait);
        const opts = await generateAuthenticationOptions({
          rpID: relyingParty(headers).rpID,
          userVerification: 'preferred',
          timeout: CHALLENGE_MS,
        });
        await storeChallenge(opts.challenge, 'login', null);
        return json({ options: opts });
      }),
    ),

    passkeyLogin: createEndpoint(
      ACCOUNT_API.passkeyLogin,
      { method: 'POST' },
      guarded(kit, false, async ({ body, headers }) => {
        const b = loginBody.safeParse(body);
        if (!b.success)
          return fail('malformed', `${b.error.issues[0].path.join('.')}: ${b.error.issues[0].message}`);
        const response = b.data.response as unknown as AuthenticationResponseJSON;
        const key = `passkey:${response.id}`;
        const wait = await guard.attempt(peerOf(headers), key);
        if (wait > 0) return tooMany(kit, wait);
        const challenge = challengeOf(response.response.clientDataJSON);
        if (!(await takeChallenge(challenge, 'login', null))) {
          await guard.failed(key);
          return bad('the challenge is unknown, used already or expired; ask for new options');
        }
        const { db } = context().store;
        const p = await db
          .selectFrom('passkeys')
          .innerJoin('accounts', 'accounts.player_id', 'passkeys.player_id')
          .select([
            'passkeys.id as id',
            'passkeys.player_id as playerId',
            'public_key',
            'counter',
            'transports',
          ])
          .where('passkeys.id', '=', response.id)
          .where('accounts.deleted_at', 'is', null)
          .executeTakeFirst();
        if (!p) {
          await guard.failed(key);
          return bad('this passkey is not registered here (removed, or made for another account)');
        }
        const handle = response.response.userHandle;
        if (handle && handle !== isoBase64URL.fromUTF8String(p.playerId)) {
          await guard.failed(key);
          return bad('this passkey belongs to another account');
        }
        const rp = relyingParty(headers);
        const v = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge!,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          credential: {
            id: p.id,
            publicKey: isoBase64URL.toBuffer(p.public_key),
            counter: Number(p.counter),
            transports: JSON.parse(p.transports),
          },
          requireUserVerification: false,
        }).catch((e: Error) => ({ verified: false as const, error: e.message }));
        if (!v.verified) {
          await guard.failed(key);
          return bad(`the passkey does not verify${'error' in v ? `: ${v.error}` : ''}`);
        }
        await db
          .updateTable('passkeys')
          .set({ counter: v.authenticationInfo.newCounter, last_used_at: new Date().toISOString() })
          .where('id', '=', p.id)
          .execute();
        await guard.succeeded(key);
        return signedIn(kit, p.playerId, headers);
      }),
    ),

    passkeyRename: createEndpoint(ACCOUNT_API.passkeyRename, { method: 'POST' }, async (ctx) =>
      guarded(kit, true, async ({ body }, caller) => {
        const b = passkeyRenameSchema.safeParse(body);
        if (!b.success) return fail('malformed', `name: ${b.error.issues[0].message}`);
        const r = await context()
          .store.db.updateTable('passkeys')
          .set({ name: b.data.name })
          .where('id', '=', String(ctx.params.id))
          .where('player_id', '=', caller.player.id)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return fail('not-found', 'no such passkey of this account');
        return json({ account: await accountView(caller.player.id, caller.session?.id ?? null) });
      })(ctx),
    ),

    passkeyDelete: createEndpoint(ACCOUNT_API.passkey, { method: 'DELETE' }, async (ctx) =>
      guarded(kit, true, async (_, caller) => {
        const r = await context()
          .store.db.deleteFrom('passkeys')
          .where('id', '=', String(ctx.params.id))
          .where('player_id', '=', caller.player.id)
          .executeTakeFirst();
        if (Number(r.numDeletedRows) === 0) return fail('not-found', 'no such passkey of this account');
        return json({ account: await accountView(caller.player.id, caller.session?.id ?? null) });
      })(ctx),
    ),
  };
}
